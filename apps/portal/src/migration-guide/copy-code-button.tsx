import { PORTAL_TEXTS } from '@solvr/contracts';
import { Button, toast } from '@solvr/web-ui';

const F = PORTAL_TEXTS.files;

/**
 * Copies a code block and says 'Copied to clipboard!' in a toast (spec section 8, "Guide copy"). @solvr/web-files'
 * CopyButton says it inline next to the button instead; the guide's blocks are long, so the message goes to the
 * shell's Toaster where it is seen wherever the button is.
 */
export function CopyCodeButton({ code, label }: { code: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ variant: 'success', title: F.copied });
    } catch {
      toast({ variant: 'error', title: F.copyFailed });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={label}>
      {F.copy}
    </Button>
  );
}
