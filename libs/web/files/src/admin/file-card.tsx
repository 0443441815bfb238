import { useId, useState } from 'react';
import { ADMIN_FILES_TEXTS as T, FILE_TEXTS, formatFileSize, formatListDate, formatPrice, RELEASE_TEXTS, type AdminFileView } from '@solvr/contracts';
import { Badge, Button, Card, CardContent, CardFooter, CardHeader, CardTitle, toast } from '@solvr/web-ui';
import { ConfirmDialog } from '@solvr/web-ui/forms';
import { FilePurchasesPanel } from './file-purchases';
import { useDeleteFileMutation, useFileLinkMutation, useUpdateFileMutation } from './files-admin.api';
// The library's checksum format (one look on both pages) and its way to a download.
import { shortHash } from '../library/format';
import { browserNavigation } from '../library/use-download';

/** Toggle, delete and view failures are only logged by the spec (section 8); a toast tells the admin too. */
function reportFailure(what: string, err: unknown, text: string) {
  console.error(what, err);
  toast({ variant: 'error', title: text });
}

/**
 * "View": the file's signed link, followed in this page. The link answers the bytes as an attachment, so the browser
 * downloads the file and the console stays; a tab opened for it stayed blank (a download never shows in a tab).
 */
function useViewFile(id: string) {
  const [fileLink, { isLoading }] = useFileLinkMutation();
  const view = async () => {
    try {
      const { url } = await fileLink(id).unwrap();
      browserNavigation.assign(url);
    } catch (err) {
      reportFailure('Could not get the link of file', err, T.viewFailed);
    }
  };
  return { view, isLoading };
}

async function copyChecksum(sha256: string) {
  try {
    await navigator.clipboard.writeText(sha256);
    toast({ variant: 'success', title: T.copied });
  } catch (err) {
    console.error('Could not copy the checksum', err);
  }
}

export interface FileCardProps {
  file: AdminFileView;
  /** After the file was deleted (its card is about to go). */
  onDeleted?(): void;
}

/** One file of the admin's Files tab: badges, facts, allowed users, and View, Activate/Deactivate and Delete. */
export function FileCard({ file, onDeleted }: FileCardProps) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const { view, isLoading: opening } = useViewFile(file.id);
  const [updateFile, { isLoading: toggling }] = useUpdateFileMutation();
  const [deleteFile] = useDeleteFileMutation();

  const toggle = () =>
    updateFile({ id: file.id, is_active: !file.is_active })
      .unwrap()
      .catch((err) => reportFailure('Could not change file', err, T.toggleFailed));

  const remove = () =>
    deleteFile(file.id)
      .unwrap()
      .then(() => onDeleted?.())
      .catch((err) => {
        reportFailure('Could not delete file', err, T.deleteFailed);
        // Keeps the dialog open.
        throw err;
      });

  const specific = file.access_type === 'specific_users';
  return (
    <Card className="fa-file" role="article" aria-labelledby={titleId}>
      <CardHeader className="fa-file-header">
        <CardTitle id={titleId} className="fa-file-name">
          {file.name}
        </CardTitle>
        <div className="fa-badges">
          <Badge variant="secondary">{file.file_type}</Badge>
          {file.version && <Badge variant="outline">v{file.version}</Badge>}
          <Badge variant={file.is_active ? 'success' : 'danger'}>{file.is_active ? T.active : T.inactive}</Badge>
          <Badge variant={file.is_paid ? 'warning' : 'outline'}>{file.is_paid ? formatPrice(file.price, file.currency) : T.free}</Badge>
        </div>
      </CardHeader>
      <CardContent className="fa-file-body">
        {file.description && <p className="fa-description">{file.description}</p>}
        <dl className="fa-facts">
          <div>
            <dt>{T.size}</dt>
            <dd>{formatFileSize(file.file_size)}</dd>
          </div>
          <div>
            <dt>{T.downloads}</dt>
            <dd>{file.download_count.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>{T.access}</dt>
            <dd>{specific ? T.specificUsers : T.allUsers}</dd>
          </div>
          <div>
            <dt>{T.created}</dt>
            <dd>{formatListDate(file.created_date)}</dd>
          </div>
          {file.sha256 && (
            <div className="fa-fact-wide">
              <dt>{RELEASE_TEXTS.checksum}</dt>
              <dd className="fa-checksum">
                <code title={file.sha256}>{shortHash(file.sha256)}</code>
                <Button size="sm" variant="ghost" aria-label={T.copyChecksum(file.name)} onClick={() => copyChecksum(file.sha256)}>
                  {T.copy}
                </Button>
              </dd>
            </div>
          )}
        </dl>
        {specific && (
          <div className="fa-allowed">
            <h4 className="fa-allowed-title">{T.allowedUsers(file.allowed_users.length)}</h4>
            {file.allowed_users.length > 0 && (
              <ul className="fa-allowed-list">
                {file.allowed_users.map((email) => (
                  <li key={email}>{email}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {file.is_paid && <FilePurchasesPanel file={file} />}
      </CardContent>
      <CardFooter className="fa-file-actions">
        <Button size="sm" variant="outline" aria-label={T.viewLabel(file.name)} loading={opening} onClick={view}>
          {T.view}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={file.is_active ? T.deactivateLabel(file.name) : T.activateLabel(file.name)}
          loading={toggling}
          onClick={toggle}
        >
          {file.is_active ? T.deactivate : T.activate}
        </Button>
        <Button size="sm" variant="danger" aria-label={T.deleteLabel(file.name)} onClick={() => setConfirming(true)}>
          {T.delete}
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={FILE_TEXTS.deleteTitle}
        description={FILE_TEXTS.deleteBody(file.name)}
        confirmLabel={T.delete}
        pendingLabel={FILE_TEXTS.deleting}
        cancelLabel={T.cancel}
        onConfirm={remove}
      />
    </Card>
  );
}
