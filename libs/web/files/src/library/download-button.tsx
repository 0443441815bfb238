import { PORTAL_TEXTS, RELEASE_TEXTS } from '@solvr/contracts';
import { Button, type ButtonProps } from '@solvr/web-ui';

export interface DownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** A seeded release standing in for the installer (ReleaseView.placeholder). */
  placeholder?: boolean;
  onDownload(): void;
}

/**
 * Download; for a seeded placeholder, a disabled 'Installer coming soon' instead: there is nothing to download until
 * an admin uploads the real installer, which then has a Download of its own. Used by the Dashboard, the
 * /{product}Download page and the library.
 */
export function DownloadButton({ placeholder, onDownload, ...props }: DownloadButtonProps) {
  if (placeholder) {
    return (
      <Button {...props} variant="outline" loading={false} disabled>
        {RELEASE_TEXTS.installerComing}
      </Button>
    );
  }
  return (
    <Button {...props} onClick={onDownload}>
      {PORTAL_TEXTS.downloads.download}
    </Button>
  );
}
