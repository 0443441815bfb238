import { useSyncExternalStore } from 'react';
import { defaultFileName, FILE_TEXTS, type AdminFileView } from '@solvr/contracts';
import { checkUploadForm, EMPTY_UPLOAD_FORM, uploadFields, type UploadForm, type UploadFormField } from './upload-form';
import { sendUpload, type UploadHandle, type UploadOutcome, type UploadProgress } from './upload-request';

/**
 * draft: details being filled in; queued: waiting for a free connection; sending; then done, failed or canceled
 * (a failed or canceled item keeps its details for another try).
 */
export type UploadStatus = 'draft' | 'queued' | 'sending' | 'done' | 'failed' | 'canceled';

export interface UploadError {
  message: string;
  /** The field it is about, when there is one. */
  field?: UploadFormField;
  /** Changes on every failed attempt (the message takes the focus again). */
  attempt: number;
}

/** One dropped or chosen file, with its own details, progress and outcome. */
export interface UploadItem {
  id: string;
  /** Its file is always set. */
  form: UploadForm & { file: File };
  status: UploadStatus;
  progress: UploadProgress | null;
  error: UploadError | null;
  /** The created file, once done. */
  result: AdminFileView | null;
}

/** What an upload needs from the page that starts it; kept by the store, so the upload outlives that page. */
export interface UploadContext {
  url: string;
  /** The current access token. */
  token(): string | null;
  /** Refreshes the session once (after a 401); answers the new token. */
  refresh(): Promise<string | null>;
  /** The largest file the api accepts, when known. */
  maxBytes?: number;
  /** A file was created (the lists refresh). */
  uploaded(file: AdminFileView): void;
}

/** The id of the Upload tab's file input (the native picker in the drop zone). */
export const UPLOAD_PICKER_ID = 'upload-file';

/** Uploads at once: HTTP/1.1 gives a site six connections, and the console's own calls need some of them. */
export const PARALLEL_UPLOADS = 2;

export const isEditable = (s: UploadStatus) => s === 'draft' || s === 'failed' || s === 'canceled';
export const isRunning = (s: UploadStatus) => s === 'queued' || s === 'sending';
export const isFinished = (s: UploadStatus) => s === 'done' || s === 'failed' || s === 'canceled';

/** The message of a failed upload: the spec's text, then the api's reason when it gave one. */
export function failureMessage(outcome: Extract<UploadOutcome, { kind: 'failed' }>): string {
  const reason = Object.values(outcome.errors)[0] ?? outcome.message;
  return reason && reason !== FILE_TEXTS.uploadFailed ? `${FILE_TEXTS.uploadFailed} ${reason}` : FILE_TEXTS.uploadFailed;
}

/** A new item's details: named after the file. */
export function draftFor(file: File): UploadForm & { file: File } {
  return { ...EMPTY_UPLOAD_FORM, file, name: defaultFileName(file.name) };
}

let nextId = 0;

/**
 * The admin console's uploads, outside any component: they keep running (and are listed in the tray) whichever tab
 * is open. React reads them with useUploads (useSyncExternalStore).
 */
export class UploadStore {
  private items: readonly UploadItem[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly handles = new Map<string, UploadHandle>();
  private readonly waiting = new Map<string, { context: UploadContext; fields: ReturnType<typeof uploadFields> }>();
  /** Items the admin canceled while their request was being sent (or about to be sent again). */
  private readonly canceled = new Set<string>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.items;

  get(id: string): UploadItem | undefined {
    return this.items.find((i) => i.id === id);
  }

  private set(items: readonly UploadItem[]) {
    this.items = items;
    for (const listener of this.listeners) listener();
  }

  private patch(id: string, change: Partial<UploadItem> | ((item: UploadItem) => Partial<UploadItem>)) {
    if (!this.get(id)) return;
    this.set(this.items.map((i) => (i.id === id ? { ...i, ...(typeof change === 'function' ? change(i) : change) } : i)));
  }

  /** One draft per file; answers their ids. */
  add(files: Iterable<File>): string[] {
    const added = Array.from(files, (file): UploadItem => ({ id: `upload-${++nextId}`, form: draftFor(file), status: 'draft', progress: null, error: null, result: null }));
    if (added.length) this.set([...this.items, ...added]);
    return added.map((i) => i.id);
  }

  update<K extends keyof UploadForm>(id: string, field: K, value: UploadForm[K]) {
    this.patch(id, (i) => (isEditable(i.status) ? { form: { ...i.form, [field]: value } } : {}));
  }

  /**
   * Checks the item (the shared validateUpload and the size limit) and queues it; false (with the item's error set)
   * when it is refused before sending.
   */
  start(id: string, context: UploadContext): boolean {
    const item = this.get(id);
    if (!item || !isEditable(item.status)) return false;
    const check = checkUploadForm(item.form, context.maxBytes);
    if (!check.ok) {
      this.patch(id, { error: { message: check.message, field: check.field, attempt: (item.error?.attempt ?? 0) + 1 } });
      return false;
    }
    this.canceled.delete(id);
    this.waiting.set(id, { context, fields: uploadFields(check.record) });
    this.patch(id, { status: 'queued', error: null, progress: null });
    this.pump();
    return true;
  }

  /** Stops a queued or running upload; the api then keeps nothing of it. */
  cancel(id: string) {
    const item = this.get(id);
    if (!item || !isRunning(item.status)) return;
    this.canceled.add(id);
    if (this.waiting.delete(id)) this.patch(id, { status: 'canceled', progress: null });
    this.handles.get(id)?.abort();
  }

  /** Forgets an item (canceling it first if it runs). */
  remove(id: string) {
    this.cancel(id);
    this.set(this.items.filter((i) => i.id !== id));
  }

  clearFinished() {
    this.set(this.items.filter((i) => !isFinished(i.status)));
  }

  /** Cancels everything and forgets it (tests). */
  reset() {
    for (const i of this.items) this.cancel(i.id);
    this.set([]);
  }

  private pump() {
    for (const [id, { context, fields }] of this.waiting) {
      if (this.handles.size >= PARALLEL_UPLOADS) return;
      this.waiting.delete(id);
      void this.run(id, context, fields);
    }
  }

  private send(id: string, context: UploadContext, fields: ReturnType<typeof uploadFields>, token: string | null) {
    const item = this.get(id) as UploadItem;
    const handle = sendUpload({ url: context.url, token, fields, file: item.form.file, onProgress: (progress) => this.patch(id, { progress }) });
    this.handles.set(id, handle);
    return handle.done;
  }

  private async run(id: string, context: UploadContext, fields: ReturnType<typeof uploadFields>) {
    this.patch(id, { status: 'sending', progress: null });
    try {
      const before = context.token();
      let outcome = await this.send(id, context, fields, before);
      // An expired access token: refresh the session once (as the api's other calls do), then send again.
      if (outcome.kind === 'failed' && outcome.status === 401 && !this.canceled.has(id)) {
        const after = await context.refresh();
        if (after && after !== before && !this.canceled.has(id)) {
          this.patch(id, { progress: null });
          outcome = await this.send(id, context, fields, after);
        }
      }
      if (this.canceled.has(id) || outcome.kind === 'aborted') {
        this.patch(id, { status: 'canceled', progress: null });
      } else if (outcome.kind === 'failed') {
        console.error('Upload failed', outcome.status, outcome.message ?? '', outcome.errors);
        const field = Object.keys(outcome.errors)[0];
        const message = failureMessage(outcome);
        this.patch(id, (i) => ({
          status: 'failed',
          progress: null,
          error: { message, field: outcome.status === 413 || field === 'fileName' ? 'file' : (field as UploadFormField | undefined), attempt: (i.error?.attempt ?? 0) + 1 },
        }));
      } else {
        this.patch(id, { status: 'done', result: outcome.body });
        context.uploaded(outcome.body);
      }
    } finally {
      this.handles.delete(id);
      this.canceled.delete(id);
      this.pump();
    }
  }
}

/** The console's one store of uploads. */
export const uploadStore = new UploadStore();

/** The uploads, re-rendering on every change. */
export function useUploads(): readonly UploadItem[] {
  return useSyncExternalStore(uploadStore.subscribe, uploadStore.getSnapshot, uploadStore.getSnapshot);
}
