import { ADMIN_UPLOAD_TEXTS as T, formatFileSize } from '@solvr/contracts';
import type { UploadProgress } from './upload-request';

export interface UploadProgressBarProps {
  progress: UploadProgress | null;
  /** Waiting for a free connection: 0%, and says so. */
  queued?: boolean;
  /** The id of what names the file (the bar's name is the same for every file). */
  describedBy?: string;
  /** Without the bytes and speed (the tray). */
  compact?: boolean;
}

/** A running upload: a progress bar with its percent, bytes sent and speed. */
export function UploadProgressBar({ progress, queued, describedBy, compact }: UploadProgressBarProps) {
  const percent = progress?.percent ?? 0;
  return (
    <div className="fa-progress">
      <div
        role="progressbar"
        aria-label={T.progress}
        aria-describedby={describedBy}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={queued ? T.queued : `${percent}%`}
        className="fa-progress-track"
      >
        <div className="fa-progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <div className="fa-progress-text">
        <span className="fa-progress-percent">{queued ? T.queued : `${percent}%`}</span>
        {progress && !compact && (
          <>
            <span>{T.progressOf(formatFileSize(progress.loaded), formatFileSize(progress.total))}</span>
            <span className="fa-progress-speed">{T.speed(formatFileSize(progress.bytesPerSecond))}</span>
          </>
        )}
      </div>
    </div>
  );
}
