import { FILE_TEXTS, UPLOAD_FIELDS, UPLOAD_FILE_FIELD } from '@solvr/contracts';
import { FakeXhr } from './testing/fake-xhr';
import { EMPTY_UPLOAD_FORM, checkUploadForm, uploadFields } from './upload-form';
import { sendUpload, type UploadProgress } from './upload-request';
import { failureMessage } from './upload-store';

let uninstall: () => void;
beforeEach(() => (uninstall = FakeXhr.install()));
afterEach(() => uninstall());

const file = (name = 'Installer.zip', bytes = 1000, type = 'application/zip') => new File([new Uint8Array(bytes)], name, { type });

function checked(overrides: Partial<typeof EMPTY_UPLOAD_FORM> = {}) {
  const check = checkUploadForm({ ...EMPTY_UPLOAD_FORM, file: file(), ...overrides }, undefined);
  if (!check.ok) throw new Error(check.message);
  return uploadFields(check.record);
}

describe('checkUploadForm and uploadFields', () => {
  it('applies the shared rule in its order, then the size limit', () => {
    expect(checkUploadForm(EMPTY_UPLOAD_FORM, 10)).toEqual({ ok: false, field: 'file', message: FILE_TEXTS.selectFile });
    const paid = { ...EMPTY_UPLOAD_FORM, file: file(), is_paid: true, price: '0' };
    expect(checkUploadForm(paid, 10)).toMatchObject({ ok: false, field: 'price', message: FILE_TEXTS.invalidPrice });
    expect(checkUploadForm({ ...paid, price: '5' }, 999)).toEqual({ ok: false, field: 'file', message: FILE_TEXTS.tooLarge(999) });
    expect(checkUploadForm({ ...paid, price: '5' }, 1000).ok).toBe(true);
  });

  it('sends the price in dollars, as the cents it was checked as; a free file sends 0', () => {
    expect(checked({ is_paid: true, price: '19.99' }).price).toBe('19.99');
    expect(checked({ is_paid: true, price: '19.999' }).price).toBe('20.00');
    expect(checked({ is_paid: true, price: '5' }).price).toBe('5.00');
    expect(checked({ price: '12' })).toMatchObject({ is_paid: 'false', price: '0' });
  });

  it('names the file after the chosen one when the name is empty, and lists allowed users only for specific_users', () => {
    expect(checked({ name: '  ' }).name).toBe('Installer');
    const users = [{ email: 'Ada@Example.com', full_name: 'Ada' }];
    expect(checked({ allowed_users: users }).allowed_users).toBe('[]');
    expect(checked({ access_type: 'specific_users', allowed_users: users }).allowed_users).toBe('["ada@example.com"]');
  });
});

describe('sendUpload', () => {
  it('POSTs the fields first, in UPLOAD_FIELDS order, then the file, with the bearer token and cookies', async () => {
    const chosen = file();
    const handle = sendUpload({ url: '/api/admin/files', token: 'tok', fields: checked(), file: chosen });
    const xhr = FakeXhr.last();
    expect([xhr.method, xhr.url, xhr.withCredentials, xhr.headers['authorization']]).toEqual(['POST', '/api/admin/files', true, 'Bearer tok']);
    expect(xhr.parts().map(([name]) => name)).toEqual([...UPLOAD_FIELDS, UPLOAD_FILE_FIELD]);
    const sent = xhr.parts()[UPLOAD_FIELDS.length][1] as File;
    expect([sent.name, sent.size]).toEqual(['Installer.zip', 1000]);
    xhr.respond(201, { id: 'f-1', name: 'Installer' });
    await expect(handle.done).resolves.toEqual({ kind: 'done', body: { id: 'f-1', name: 'Installer' } });
  });

  it('reports progress in whole percent with a speed', () => {
    const seen: UploadProgress[] = [];
    sendUpload({ url: '/u', token: null, fields: checked(), file: file(), onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last();
    expect(xhr.headers['authorization']).toBeUndefined();
    xhr.progress(421, 1000);
    xhr.progress(1000, 1000);
    expect(seen.map((p) => p.percent)).toEqual([42, 100]);
    expect(seen[1].bytesPerSecond).toBeGreaterThan(0);
  });

  it("answers the api's message and field errors on a refusal, nothing on a network failure, and aborted on abort", async () => {
    let handle = sendUpload({ url: '/u', token: 't', fields: checked(), file: file() });
    FakeXhr.last().respond(413, { statusCode: 413, message: FILE_TEXTS.tooLarge(1024) });
    const tooLarge = await handle.done;
    expect(tooLarge).toEqual({ kind: 'failed', status: 413, message: FILE_TEXTS.tooLarge(1024), errors: {} });
    expect(failureMessage(tooLarge as Extract<typeof tooLarge, { kind: 'failed' }>)).toBe(`${FILE_TEXTS.uploadFailed} ${FILE_TEXTS.tooLarge(1024)}`);

    handle = sendUpload({ url: '/u', token: 't', fields: checked(), file: file() });
    FakeXhr.last().respond(400, { statusCode: 400, message: 'Bad', errors: { price: FILE_TEXTS.invalidPrice } });
    await expect(handle.done).resolves.toMatchObject({ status: 400, errors: { price: FILE_TEXTS.invalidPrice } });

    handle = sendUpload({ url: '/u', token: 't', fields: checked(), file: file() });
    FakeXhr.last().respond(502, '<h1>Bad gateway</h1>');
    const gateway = await handle.done;
    expect(gateway).toEqual({ kind: 'failed', status: 502, message: null, errors: {} });
    expect(failureMessage(gateway as Extract<typeof gateway, { kind: 'failed' }>)).toBe(FILE_TEXTS.uploadFailed);

    handle = sendUpload({ url: '/u', token: 't', fields: checked(), file: file() });
    FakeXhr.last().fail();
    await expect(handle.done).resolves.toMatchObject({ kind: 'failed', status: 0 });

    handle = sendUpload({ url: '/u', token: 't', fields: checked(), file: file() });
    handle.abort();
    await expect(handle.done).resolves.toEqual({ kind: 'aborted' });
    expect(FakeXhr.last().aborted).toBe(true);
  });
});
