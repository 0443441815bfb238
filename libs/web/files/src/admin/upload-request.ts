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

export type UploadOutcome<T = AdminFileView> =
  /** body: the api's JSON answer (the new file, for a library upload). */
  | { kind: 'done'; body: T }
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

export interface UploadHandle<T = AdminFileView> {
  /** Settles (never rejects) once the upload is answered, fails or is aborted. */
  done: Promise<UploadOutcome<T>>;
  abort(): void;
}

export interface MultipartRequest {
  url: string;
  token: string | null;
  /** Sent first, in this order: the api checks them before it streams any file into storage. */
  fields: Array<[name: string, value: string]>;
  /** Each under `fileField`, after the fields. */
  files: File[];
  fileField: string;
  onProgress?(progress: UploadProgress): void;
}

function failure(xhr: XMLHttpRequest): UploadOutcome<never> {
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
 * POSTs a multipart body with XMLHttpRequest, as fetch reports no upload progress; `done` gives the api's JSON answer.
 */
export function sendMultipart<T>({ url, token, fields, files, fileField, onProgress }: MultipartRequest): UploadHandle<T> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files) form.append(fileField, file, file.name);

  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome<T>>((resolve) => {
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
          resolve({ kind: 'done', body: JSON.parse(xhr.responseText) as T });
          return;
        } catch {
          // A 2xx without JSON is not the api's answer.
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

/** A library upload: the string fields in UPLOAD_FIELDS order, then the file. */
export function sendUpload({ url, token, fields, file, onProgress }: UploadRequest): UploadHandle {
  return sendMultipart<AdminFileView>({ url, token, fields: UPLOAD_FIELDS.map((name) => [name, fields[name]]), files: [file], fileField: UPLOAD_FILE_FIELD, onProgress });
}
