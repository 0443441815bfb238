import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ADMIN_UPLOAD_TEXTS as T, FILE_TEXTS } from '@solvr/contracts';
import { Button, cn } from '@solvr/web-ui';
import { useUnsavedChangesPrompt } from '@solvr/web-ui/forms';
import { UploadProgressBar } from './upload-progress';
import { isFinished, isRunning, uploadStore, useUploads, type UploadItem, type UploadStatus } from './upload-store';
import { useFileDropGuard } from './use-upload';

/** What a finished upload says, to the screen reader and in the tray. */
function outcomeOf(item: UploadItem): string {
  const name = item.form.file.name;
  if (item.status === 'done') return T.announceDone(name);
  if (item.status === 'failed') return T.announceFailed(name, item.error?.message ?? FILE_TEXTS.uploadFailed);
  return T.announceCanceled(name);
}

/** The latest outcome of an upload, for a live region (progress itself is not announced: it would never stop). */
function useOutcomeAnnouncement(items: readonly UploadItem[]): string {
  const seen = useRef(new Map<string, UploadStatus>());
  const [message, setMessage] = useState('');
  useEffect(() => {
    const now = new Map(items.map((i) => [i.id, i.status]));
    const newly = items.filter((i) => isFinished(i.status) && seen.current.has(i.id) && seen.current.get(i.id) !== i.status);
    seen.current = now;
    if (newly.length) setMessage(newly.map(outcomeOf).join(' '));
  }, [items]);
  return message;
}

export interface UploadTrayProps {
  /** On the Upload tab, which shows the same uploads in full: nothing is shown. */
  hidden?: boolean;
}

/**
 * The admin console's uploads while another tab is open: a small fixed panel with each upload's progress, Cancel,
 * its outcome (dismissable) and a link back to the Upload tab. Also keeps a running upload from being lost: closing
 * the page asks first, and a file dropped outside the drop zone is not opened by the browser.
 */
export function UploadTray({ hidden = false }: UploadTrayProps) {
  const all = useUploads();
  const items = all.filter((i) => i.status !== 'draft');
  const [path] = useLocation();
  const [open, setOpen] = useState(true);
  const announcement = useOutcomeAnnouncement(items);
  const running = items.filter((i) => isRunning(i.status)).length;
  const finished = items.length - running;
  useFileDropGuard();
  useUnsavedChangesPrompt(running > 0);

  return (
    <>
      <p role="status" className="ui-sr-only">
        {hidden ? '' : announcement}
      </p>
      {!hidden && items.length > 0 && (
        <section className={cn('fa-tray', !open && 'is-collapsed')} aria-labelledby="upload-tray-title">
          <div className="fa-tray-head">
            <div className="fa-tray-heading">
              <h2 id="upload-tray-title" className="fa-tray-title">
                {T.trayTitle}
              </h2>
              <span className="fa-tray-summary">{T.traySummary(running, finished)}</span>
            </div>
            <Button size="sm" variant="ghost" aria-expanded={open} aria-controls="upload-tray-body" onClick={() => setOpen(!open)}>
              {open ? T.trayHide : T.trayShow}
            </Button>
          </div>
          <div id="upload-tray-body" className="fa-tray-body" hidden={!open}>
            <ul className="fa-tray-list">
              {items.map((item) => {
                const nameId = `${item.id}-tray-name`;
                return (
                  <li key={item.id} className="fa-tray-item" aria-labelledby={nameId} data-status={item.status}>
                    <span id={nameId} className="fa-tray-name">
                      {item.form.file.name}
                    </span>
                    {isRunning(item.status) ? (
                      <UploadProgressBar progress={item.progress} queued={item.status === 'queued'} describedBy={nameId} compact />
                    ) : (
                      <p className={cn('fa-tray-outcome', `is-${item.status}`)}>
                        {item.status === 'done' ? FILE_TEXTS.uploaded : item.status === 'failed' ? (item.error?.message ?? FILE_TEXTS.uploadFailed) : T.canceled}
                      </p>
                    )}
                    {isRunning(item.status) ? (
                      <Button size="sm" variant="outline" aria-describedby={nameId} onClick={() => uploadStore.cancel(item.id)}>
                        {T.cancel}
                      </Button>
                    ) : (
                      <Button size="sm" variant="ghost" aria-describedby={nameId} onClick={() => uploadStore.remove(item.id)}>
                        {T.dismiss}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="fa-tray-foot">
              <Link href={`${path}?tab=Upload`} className="fa-tray-link">
                {T.trayOpenTab}
              </Link>
              {finished > 0 && (
                <Button size="sm" variant="ghost" onClick={() => uploadStore.clearFinished()}>
                  {T.clearFinished}
                </Button>
              )}
            </div>
          </div>
        </section>
      )}
    </>
  );
}
