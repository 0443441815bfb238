// A browser's XMLHttpRequest for jsdom tests of the upload (jsdom's own one would really send): each request is
// recorded and the test answers it, with upload progress events in between.

type Handler = ((event: ProgressEvent) => void) | null;

const progressEvent = (type: string, loaded: number, total: number) => ({ type, loaded, total, lengthComputable: true }) as ProgressEvent;

export class FakeXhr {
  static requests: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.requests.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.(progressEvent('abort', 0, 0));
  }

  /** The multipart parts in the order they were appended: [name, string value or the File]. */
  parts(): Array<[string, FormDataEntryValue]> {
    return this.body ? Array.from(this.body.entries()) : [];
  }

  /** The string fields as an object. */
  fields(): Record<string, string> {
    return Object.fromEntries(this.parts().filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.(progressEvent('progress', loaded, total));
  }

  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.(progressEvent('load', 0, 0));
  }

  /** No answer at all (offline, connection cut). */
  fail() {
    this.onerror?.(progressEvent('error', 0, 0));
  }

  /** Puts the fake in place of the browser's XMLHttpRequest; returns the undo. */
  static install(): () => void {
    const previous = globalThis.XMLHttpRequest;
    FakeXhr.requests = [];
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    return () => {
      globalThis.XMLHttpRequest = previous;
    };
  }

  /** The latest request. */
  static last(): FakeXhr {
    const last = FakeXhr.requests[FakeXhr.requests.length - 1];
    if (!last) throw new Error('No upload was sent');
    return last;
  }
}
