import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Harness({ onConfirm }: { onConfirm: () => void | Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Delete file?"
      description="This cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('shows pendingLabel and disables both buttons while pending, then closes on resolve', async () => {
    const user = userEvent.setup();
    const d = deferred();
    render(<Harness onConfirm={() => d.promise} />);
    expect(screen.getByRole('dialog', { name: 'Delete file?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const pending = screen.getByRole('button', { name: 'Deleting...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    // Escape is ignored while pending.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeNull();

    await act(async () => {
      d.resolve();
      await d.promise;
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open and re-enables the buttons when the promise rejects', async () => {
    const user = userEvent.setup();
    const d = deferred();
    render(<Harness onConfirm={() => d.promise} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeTruthy();
    await act(async () => {
      d.reject(new Error('nope'));
      await d.promise.catch(() => undefined);
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(confirm);
  });

  it('a synchronous onConfirm closes at once; Cancel closes without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const { unmount } = render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    const other = jest.fn();
    render(<Harness onConfirm={other} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(other).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
