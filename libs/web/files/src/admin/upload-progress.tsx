import { ADMIN_UPLOAD_TEXTS as T, formatFileSize } from '@solvr/contracts';
import type { UploadProgress } from './upload-request';

/** The running upload: a progress bar with its percent, bytes sent and speed. */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  const percent = progress?.percent ?? 0;
  return (
    <div className="fa-progress">
      <div
        role="progressbar"
        aria-label={T.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="fa-progress-track"
      >
        <div className="fa-progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <div className="fa-progress-text">
        <span className="fa-progress-percent">{percent}%</span>
        {progress && (
          <>
            <span>{T.progressOf(formatFileSize(progress.loaded), formatFileSize(progress.total))}</span>
            <span className="fa-progress-speed">{T.speed(formatFileSize(progress.bytesPerSecond))}</span>
          </>
        )}
      </div>
    </div>
  );
}
