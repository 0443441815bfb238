import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Confirm button text while onConfirm's promise is pending; defaults to confirmLabel. */
  pendingLabel?: string;
  cancelLabel?: string;
  variant?: 'danger' | 'primary';
  /**
   * Called on confirm. A returned promise keeps the dialog pending (both buttons disabled,
   * Escape/backdrop ignored); it closes when the promise resolves and stays open when it rejects.
   * Report the failure yourself (e.g. a toast): the rejection is swallowed here.
   */
  onConfirm: () => void | Promise<void>;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  variant = 'danger',
  onConfirm,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!open) setPending(false);
  }, [open]);

  // The focused button was disabled while pending; after a rejection put focus back on Confirm.
  const confirmRef = useRef<HTMLButtonElement>(null);
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending && open) confirmRef.current?.focus();
    wasPending.current = pending;
  }, [pending, open]);

  const requestOpenChange = (next: boolean) => {
    if (!next && pending) return;
    onOpenChange(next);
  };

  const confirm = async () => {
    if (pending) return;
    try {
      const result = onConfirm();
      if (result && typeof (result as Promise<void>).then === 'function') {
        setPending(true);
        await result;
      }
    } catch {
      if (mounted.current) setPending(false);
      return;
    }
    if (mounted.current) setPending(false);
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={requestOpenChange}
      title={title}
      description={description}
      showCloseButton={false}
      className="ui-dialog-confirm"
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={() => requestOpenChange(false)} data-autofocus="">
            {cancelLabel}
          </Button>
          <Button ref={confirmRef} variant={variant} disabled={pending} aria-busy={pending || undefined} onClick={confirm}>
            {pending && <span className="ui-spinner ui-spinner-sm" aria-hidden="true" />}
            {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </>
      }
    />
  );
}
