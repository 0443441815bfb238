import { contentDisposition, safeFileName } from './content-disposition';

describe('contentDisposition', () => {
  it('gives a plain ASCII name as it is, and another an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('Solvr Setup 1.2.exe')).toBe(`attachment; filename="Solvr Setup 1.2.exe"`);
    expect(contentDisposition('Résumé – отчёт.pdf')).toBe(
      `attachment; filename="Resume _ _____.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%80%93%20%D0%BE%D1%82%D1%87%D1%91%D1%82.pdf`,
    );
    expect(contentDisposition("it's (final)*.zip")).toBe(`attachment; filename="it's (final)*.zip"`);
    expect(contentDisposition('report ü.pdf')).toBe(`attachment; filename="report u.pdf"; filename*=UTF-8''report%20%C3%BC.pdf`);
    expect(contentDisposition('100%\\ok.txt')).toBe(`attachment; filename="ok.txt"`);
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\system.ini', 'system.ini'],
    ['/var/tmp/../x.tar.gz', 'x.tar.gz'],
    ['reports/2024/', '2024'],
    ['..', 'download'],
    ['../', 'download'],
    ['', 'download'],
    ['.bashrc', 'bashrc'],
    ['name.exe. . ', 'name.exe'],
  ])('keeps only the last path part of %j', (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
    expect(contentDisposition(name)).toContain(`filename="${expected}"`);
  });

  it('drops control characters and quotes', () => {
    const header = contentDisposition('a\r\nSet-Cookie: x=1\u0000\t"b\u007f\u0085.txt');
    expect(header).toBe(`attachment; filename="aSet-Cookie: x=1b.txt"`);
    for (const c of ['\r', '\n', '\u0000', '\t', '\u007f', '\u0085']) expect(header.includes(c)).toBe(false);
  });

  it('drops bidi overrides that disguise the extension', () => {
    // "invoice<RLO>fdp.exe" shows as "invoiceexe.pdf"
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F']) {
      expect(safeFileName(`a${c}b.txt`)).toBe('ab.txt');
    }
    expect(contentDisposition('invoice\u202Efdp.exe')).toBe(`attachment; filename="invoicefdp.exe"`);
  });

  it('cuts a 300-character name to 200, keeping the extension', () => {
    const name = safeFileName('x'.repeat(296) + '.zip');
    expect(name).toHaveLength(200);
    expect(name).toBe('x'.repeat(196) + '.zip');
    expect(safeFileName('y'.repeat(300))).toBe('y'.repeat(200));
    // counts characters, not UTF-16 units: no half emoji
    const emoji = safeFileName('😀'.repeat(300));
    expect(Array.from(emoji)).toHaveLength(200);
    expect(() => encodeURIComponent(emoji)).not.toThrow();
    expect(contentDisposition('x'.repeat(296) + '.zip')).toContain(`filename="${'x'.repeat(196)}.zip"`);
  });

  it('drops lone surrogates, which could not be encoded', () => {
    expect(safeFileName('a\ud800b.txt')).toBe('ab.txt');
    expect(() => contentDisposition('a\udc00.txt')).not.toThrow();
  });
});
