import { memo, useId } from 'react';
import { fileTypeLabel, formatFileSize, PORTAL_TEXTS, RELEASE_TEXTS, type FileView } from '@solvr/contracts';
import { Badge, Button } from '@solvr/web-ui';
import { DownloadButton } from './download-button';
import { priceOf } from './buy';
import { listDate, shortHash } from './format';

const T = PORTAL_TEXTS.downloads;
const F = PORTAL_TEXTS.files;

export interface FileCardProps {
  file: FileView;
  onDownload(id: string): void;
  onBuy(file: FileView): void;
  /** The download link (or the checkout) is being asked for. */
  pending: boolean;
  /** The failure of this file's last download or purchase, if any. */
  error: string | null;
}

/**
 * One file of the library (spec section 2): name, type, version and price badges, description (two lines), size,
 * download count, date, SHA-256, and Download or Buy {price}; a seeded placeholder (no installer yet) shows neither
 * size nor checksum, and says the installer is coming. Memoized: a list re-renders only the card that changed.
 */
export const FileCard = memo(function FileCard({ file, onDownload, onBuy, pending, error }: FileCardProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const errorId = `${id}-error`;
  const date = listDate(file.created_date);
  const canDownload = file.availability === 'download';
  return (
    <article className="ui-card fl-card" aria-labelledby={titleId} data-file-id={file.id}>
      <h3 id={titleId} className="fl-card-title" tabIndex={-1}>
        {file.name}
      </h3>
      <div className="fl-badges">
        {fileTypeLabel(file.file_type, file.file_name) && <Badge variant="secondary">{fileTypeLabel(file.file_type, file.file_name)}</Badge>}
        {file.version && <Badge variant="outline">{F.version(file.version)}</Badge>}
        {file.is_paid && <Badge variant="warning">{priceOf(file)}</Badge>}
      </div>
      {file.description && (
        <p className="fl-card-description" title={file.description}>
          {file.description}
        </p>
      )}
      <ul className="fl-meta">
        <li>{formatFileSize(file.file_size)}</li>
        <li>{F.downloads(file.download_count)}</li>
        {date && (
          <li>
            <time dateTime={file.created_date}>{T.added(date)}</time>
          </li>
        )}
      </ul>
      {file.sha256 && (
        <details className="fl-hash">
          <summary>
            {RELEASE_TEXTS.checksum} <code title={file.sha256}>{shortHash(file.sha256)}</code>
          </summary>
          <code className="fl-hash-full">{file.sha256}</code>
        </details>
      )}
      <div className="fl-card-actions">
        {canDownload ? (
          <DownloadButton
            onDownload={() => onDownload(file.id)}
            loading={pending}
            aria-describedby={error ? `${titleId} ${errorId}` : titleId}
            fullWidth
          />
        ) : (
          <Button
            variant="secondary"
            onClick={() => onBuy(file)}
            loading={pending}
            aria-describedby={error ? `${titleId} ${errorId}` : titleId}
            fullWidth
          >
            {T.buy(priceOf(file))}
          </Button>
        )}
        {error && (
          <p id={errorId} role="alert" className="fl-error">
            {error}
          </p>
        )}
      </div>
    </article>
  );
});
