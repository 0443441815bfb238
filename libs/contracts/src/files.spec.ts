import {
  fileTypeLabel,
  cleanLine,
  defaultFileName,
  dollarsToCents,
  FILE_TEXTS,
  fileTypeOf,
  formatFileSize,
  formatPrice,
  validateUpload,
  type UploadDraft,
} from './files';

describe('dollarsToCents', () => {
  it('turns dollars into whole cents, rounded half up on the third decimal', () => {
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents('0.015')).toBe(2);
    expect(dollarsToCents('0.014')).toBe(1);
    expect(dollarsToCents('1.005')).toBe(101);
    expect(dollarsToCents(' 5 ')).toBe(500);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents('7.')).toBe(700);
    expect(dollarsToCents(0)).toBe(0);
  });

  it('refuses anything that is not a non-negative amount', () => {
    for (const bad of ['', ' ', '.', 'abc', '-1', '1,50', '1e3', '0x10', 'Infinity', NaN, -0.5, Infinity, null, undefined]) {
      expect(dollarsToCents(bad as string)).toBeNull();
    }
  });
});

describe('fileTypeOf (spec section 7)', () => {
  it('is the MIME type, else the extension', () => {
    expect(fileTypeOf('application/zip', 'a.zip')).toBe('application/zip');
    expect(fileTypeOf('Application/PDF; charset=x', 'a.pdf')).toBe('application/pdf');
    expect(fileTypeOf('', 'Setup.EXE')).toBe('exe');
    expect(fileTypeOf('application/octet-stream', 'build.dmg')).toBe('dmg');
    expect(fileTypeOf('not a type', 'notes.txt')).toBe('txt');
    expect(fileTypeOf(undefined, 'README')).toBe('unknown');
  });
});

describe('fileTypeLabel: one readable type on every page', () => {
  it('reads the extension of the file name, else a short form of the MIME type', () => {
    expect(fileTypeLabel('application/zip', 'Setup-1.0.20.zip')).toBe('ZIP');
    expect(fileTypeLabel('application/x-apple-diskimage', 'Solvr.dmg')).toBe('DMG');
    expect(fileTypeLabel('application/x-msdownload', 'Setup.EXE')).toBe('EXE');
    expect(fileTypeLabel('zip', 'installer')).toBe('ZIP');
    expect(fileTypeLabel('application/x-apple-diskimage', 'installer')).toBe('APPLE-DISKIMAGE');
    expect(fileTypeLabel('application/pdf')).toBe('PDF');
    expect(fileTypeLabel('unknown', 'README')).toBe('');
  });
});

describe('defaultFileName', () => {
  it('is the file name without its extension or folders, made safe', () => {
    expect(defaultFileName('Solvr-Setup-1.0.20.zip')).toBe('Solvr-Setup-1.0.20');
    expect(defaultFileName('../../etc/passwd')).toBe('passwd');
    expect(defaultFileName('C:\\Users\\me\\notes.txt')).toBe('notes');
    expect(defaultFileName('invoice\u202Etxt.exe')).toBe('invoicetxt');
    expect(Array.from(defaultFileName('x'.repeat(300) + '.zip'))).toHaveLength(200);
  });
});

describe('cleanLine', () => {
  it('drops control and bidi characters and joins lines', () => {
    expect(cleanLine(' a\u0000b\u0007c\u202Ed\u2066e\nf ')).toBe('abcde f');
    expect(cleanLine('😀 ok')).toBe('😀 ok');
  });
});

describe('formatFileSize and formatPrice (spec section 9)', () => {
  it('formats sizes with base 1024 and up to 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(304_319_774)).toBe('290.22 MB');
    expect(formatFileSize(2 * 1024 ** 3)).toBe('2 GB');
  });

  it('formats cents in en-US currency format', () => {
    expect(formatPrice(1999, 'USD')).toBe('$19.99');
    expect(formatPrice(500, 'EUR')).toBe('€5.00');
    expect(formatPrice(100)).toBe('$1.00');
  });
});

describe('validateUpload (spec section 5)', () => {
  const draft = (over: Partial<UploadDraft> = {}): UploadDraft => ({ fileName: 'Tool.zip', ...over });

  it('needs a file first', () => {
    expect(validateUpload(draft({ fileName: null, is_paid: true }))).toEqual({ ok: false, field: 'file', message: FILE_TEXTS.selectFile });
  });

  it('needs a price above 0 for a paid file', () => {
    for (const price of [undefined, '', '0', '0.00', '0.004', 'abc', '-3', '1000000.01']) {
      expect(validateUpload(draft({ is_paid: true, price }))).toEqual({ ok: false, field: 'price', message: FILE_TEXTS.invalidPrice });
    }
    expect(validateUpload(draft({ is_paid: true, price: '0.005' }))).toMatchObject({ ok: true, record: { price: 1 } });
  });

  it('fills the defaults: name from the file, free, USD, all users', () => {
    expect(validateUpload(draft({ price: '9.99' }))).toEqual({
      ok: true,
      record: { name: 'Tool', description: '', version: '', is_paid: false, price: 0, currency: 'USD', access_type: 'all_users', allowed_users: [] },
    });
  });

  it('keeps allowed users only for specific_users, normalised and unique', () => {
    const ok = validateUpload(draft({ access_type: 'specific_users', allowed_users: ['A@Example.com', 'a@example.com ', 'b@example.com'] }));
    expect(ok).toMatchObject({ ok: true, record: { allowed_users: ['a@example.com', 'b@example.com'] } });
    expect(validateUpload(draft({ allowed_users: ['a@example.com'] }))).toMatchObject({ ok: true, record: { allowed_users: [] } });
    expect(validateUpload(draft({ access_type: 'specific_users', allowed_users: ['nope'] }))).toMatchObject({ ok: false, field: 'allowed_users' });
  });

  it('refuses unknown currencies and access types, and long fields', () => {
    expect(validateUpload(draft({ currency: 'JPY' }))).toMatchObject({ ok: false, field: 'currency' });
    expect(validateUpload(draft({ currency: 'eur' }))).toMatchObject({ ok: true, record: { currency: 'EUR' } });
    expect(validateUpload(draft({ access_type: 'everyone' }))).toMatchObject({ ok: false, field: 'access_type' });
    expect(validateUpload(draft({ name: 'n'.repeat(201) }))).toMatchObject({ ok: false, field: 'name' });
    expect(validateUpload(draft({ version: 'v'.repeat(51) }))).toMatchObject({ ok: false, field: 'version' });
    expect(validateUpload(draft({ fileName: '.zip', name: ' ' }))).toEqual({ ok: false, field: 'name', message: FILE_TEXTS.nameRequired });
  });
});
