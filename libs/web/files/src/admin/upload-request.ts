import { UPLOAD_FIELDS, UPLOAD_FILE_FIELD, type AdminFileView, type UploadField } from '@solvr/contracts';

export interface UploadProgress {
  /** Bytes of the request body sent so far, and in all. */
  loaded: number;
  total: number;
  /** 0 to 100, whole. */
  percent: number;
  /** Average since the start. */
  bytesPerSecond: number;
}

export type UploadOutcome =
  | { kind: 'done'; file: AdminFileView }
  /** status 0: no answer (offline, connection cut). message and errors are the api's, when it gave them. */
  | { kind: 'failed'; status: number; message: string | null; errors: Record<string, string> }
  | { kind: 'aborted' };

export interface UploadRequest {
  url: string;
  token: string | null;
  fields: Record<UploadField, string>;
  file: File;
  onProgress?(progress: UploadProgress): void;
}

export interface UploadHandle {
  /** Settles (never rejects) once the upload is answered, fails or is aborted. */
  done: Promise<UploadOutcome>;
  abort(): void;
}

function failure(xhr: XMLHttpRequest): UploadOutcome {
  let body: { message?: unknown; errors?: unknown } | null = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // Not JSON (a proxy's error page): no message of the api.
  }
  const message = typeof body?.message === 'string' && body.message ? body.message : null;
  const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
  return { kind: 'failed', status: xhr.status, message, errors };
}

/**
 * POSTs a multipart upload with XMLHttpRequest, as fetch reports no upload progress: the string fields first,
 * in UPLOAD_FIELDS order, then the file (the api reads the fields before it streams the file into storage).
 */
export function sendUpload({ url, token, fields, file, onProgress }: UploadRequest): UploadHandle {
  const form = new FormData();
  for (const name of UPLOAD_FIELDS) form.append(name, fields[name]);
  form.append(UPLOAD_FILE_FIELD, file, file.name);

  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    const started = Date.now();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (!onProgress || !e.lengthComputable || e.total <= 0) return;
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      onProgress({
        loaded: e.loaded,
        total: e.total,
        percent: Math.min(100, Math.floor((e.loaded / e.total) * 100)),
        bytesPerSecond: e.loaded / seconds,
      });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve({ kind: 'done', file: JSON.parse(xhr.responseText) as AdminFileView });
          return;
        } catch {
          // A 2xx without the file's JSON is not the api's answer.
        }
      }
      resolve(failure(xhr));
    };
    xhr.onerror = () => resolve({ kind: 'failed', status: 0, message: null, errors: {} });
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => resolve({ kind: 'aborted' });
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
