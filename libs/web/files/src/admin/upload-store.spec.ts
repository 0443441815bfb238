import http from 'http';
import type { AddressInfo } from 'net';
import { FILE_TEXTS } from '@solvr/contracts';
import { UploadStore, type UploadContext, type UploadItem } from './upload-store';

// The store against a real HTTP server on this machine, with jsdom's own XMLHttpRequest (which really sends): what
// goes over the wire, a refusal's message, and a Cancel that really cuts the request off.

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let handle: Handler = (_req, res) => res.end();
let server: http.Server;
let url = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // jsdom applies CORS: the page is http://localhost, the server another port.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, accept, content-type');
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin/files`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const file = (name: string, bytes: number) => new File([new Uint8Array(bytes).fill(97)], name, { type: 'application/zip' });

function setup() {
  const store = new UploadStore();
  const uploaded = jest.fn();
  const context: UploadContext = { url, token: () => 'tok', refresh: async () => null, uploaded };
  /** Resolves once the item reaches one of `statuses`. */
  const settled = (id: string, ...statuses: UploadItem['status'][]) =>
    new Promise<UploadItem>((resolve) => {
      const check = () => {
        const item = store.get(id);
        if (item && statuses.includes(item.status)) {
          stop();
          resolve(item);
        }
      };
      const stop = store.subscribe(check);
      check();
    });
  return { store, context, uploaded, settled };
}

const readAll = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

describe('UploadStore over HTTP', () => {
  it('POSTs the fields, then the file, with the token; a 201 makes the item done and refreshes the lists', async () => {
    const { store, context, uploaded, settled } = setup();
    let body = '';
    let auth = '';
    handle = async (req, res) => {
      auth = req.headers.authorization ?? '';
      body = (await readAll(req)).toString('latin1');
      res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'f-1', name: 'Kit' }));
    };
    const [id] = store.add([file('Kit.zip', 64 * 1024)]);
    expect(store.start(id, context)).toBe(true);
    const done = await settled(id, 'done', 'failed');
    expect(done.status).toBe('done');
    expect(done.result).toEqual({ id: 'f-1', name: 'Kit' });
    expect(uploaded).toHaveBeenCalledWith({ id: 'f-1', name: 'Kit' });
    expect(auth).toBe('Bearer tok');
    expect(body.indexOf('name="name"\r\n\r\nKit\r\n')).toBeGreaterThan(-1);
    expect(body.indexOf('name="release_notes"')).toBeLessThan(body.indexOf('name="file"; filename="Kit.zip"'));
  });

  it("a refusal shows the spec's failure text with the server's message, and keeps the details for another try", async () => {
    const { store, context, settled } = setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    handle = (req, res) => {
      req.resume();
      res.writeHead(413, { 'Content-Type': 'application/json' }).end(JSON.stringify({ statusCode: 413, message: FILE_TEXTS.tooLarge(1024) }));
    };
    const [id] = store.add([file('Big.zip', 4096)]);
    store.update(id, 'description', 'kept');
    store.start(id, context);
    const failed = await settled(id, 'failed', 'done');
    expect(failed.error).toMatchObject({ message: `${FILE_TEXTS.uploadFailed} ${FILE_TEXTS.tooLarge(1024)}`, field: 'file' });
    expect(failed.form.description).toBe('kept');
  });

  it('Cancel cuts the request off before the whole file is sent (the api then keeps nothing of it)', async () => {
    const { store, context, settled } = setup();
    let received = 0;
    let started: () => void = () => undefined;
    const underway = new Promise<void>((resolve) => (started = resolve));
    const closed = new Promise<{ complete: boolean }>((resolve) => {
      handle = (req) => {
        // A slow reader (a chunk every 20 ms): the client cannot send the whole file before it is canceled.
        req.on('data', (c: Buffer) => {
          received += c.length;
          req.pause();
          setTimeout(() => req.resume(), 20);
          started();
        });
        req.socket.on('close', () => resolve({ complete: req.complete }));
      };
    });
    const size = 32 * 1024 * 1024;
    const [id] = store.add([file('Huge.zip', size)]);
    store.start(id, context);
    await underway;
    expect(store.get(id)?.status).toBe('sending');
    store.cancel(id);
    expect((await settled(id, 'canceled')).progress).toBeNull();
    const end = await closed;
    expect(end.complete).toBe(false);
    expect(received).toBeLessThan(size);
  });
});
