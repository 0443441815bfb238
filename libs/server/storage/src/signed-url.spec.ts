import { signDownload, verifyDownload } from './signed-url';

const SECRET = 'a-test-secret-of-enough-length-123456';
const NOW = new Date('2030-01-01T00:00:00Z');
const LATER = new Date(NOW.getTime() + 3600_000);

describe('signed download links', () => {
  const query = signDownload('files/abc/setup.exe', 'Solvr Setup 1.2.exe', LATER, SECRET);

  it('verifies its own link until it expires', () => {
    expect(verifyDownload(query, SECRET, NOW)).toEqual({ ok: true, key: 'files/abc/setup.exe', fileName: 'Solvr Setup 1.2.exe', expiresAt: LATER });
    expect(verifyDownload(`?${query}`, SECRET, NOW)).toMatchObject({ ok: true });
    expect(verifyDownload(new URLSearchParams(query), SECRET, NOW)).toMatchObject({ ok: true });
    expect(verifyDownload(Object.fromEntries(new URLSearchParams(query)), SECRET, NOW)).toMatchObject({ ok: true });
  });

  it('refuses an expired link', () => {
    expect(verifyDownload(query, SECRET, LATER)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyDownload(query, SECRET, new Date(LATER.getTime() + 1))).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['key', 'files/abc/other.exe'],
    ['name', 'Solvr Setup 1.3.exe'],
    ['expires', String(LATER.getTime() / 1000 + 3600)],
    ['sig', 'A'.repeat(43)],
  ])('refuses a link whose %s was changed', (param, value) => {
    const changed = new URLSearchParams(query);
    changed.set(param, value);
    expect(verifyDownload(changed, SECRET, NOW)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuses a signature with one character changed, even in its last bits', () => {
    const sig = new URLSearchParams(query).get('sig') as string;
    for (const position of [0, sig.length - 1]) {
      for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_') {
        if (c === sig[position]) continue;
        const changed = new URLSearchParams(query);
        changed.set('sig', sig.slice(0, position) + c + sig.slice(position + 1));
        expect(verifyDownload(changed, SECRET, NOW)).toEqual({ ok: false, reason: 'tampered' });
      }
    }
  });

  it('refuses an expired link that was also changed as tampered', () => {
    const changed = new URLSearchParams(query);
    changed.set('expires', String(LATER.getTime() / 1000 + 1));
    expect(verifyDownload(changed, SECRET, new Date(LATER.getTime() + 10_000))).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuses a link signed with another secret, or missing, doubled or malformed parts', () => {
    expect(verifyDownload(signDownload('files/x', 'x', LATER, 'another-secret-another-secret-1234'), SECRET, NOW)).toEqual({ ok: false, reason: 'tampered' });
    for (const param of ['key', 'name', 'expires', 'sig']) {
      const missing = new URLSearchParams(query);
      missing.delete(param);
      expect(verifyDownload(missing, SECRET, NOW)).toEqual({ ok: false, reason: 'tampered' });
      expect(verifyDownload(`${query}&${param}=x`, SECRET, NOW)).toEqual({ ok: false, reason: 'tampered' });
    }
    const badExpiry = new URLSearchParams(query);
    badExpiry.set('expires', '1e12');
    expect(verifyDownload(badExpiry, SECRET, NOW)).toEqual({ ok: false, reason: 'tampered' });
    expect(verifyDownload({ ...Object.fromEntries(new URLSearchParams(query)), key: ['a', 'b'] }, SECRET, NOW)).toEqual({ ok: false, reason: 'tampered' });
    expect(verifyDownload('', SECRET, NOW)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('keeps parts apart: moving characters between key and name breaks the signature', () => {
    const a = new URLSearchParams(signDownload('files/a', 'b.txt', LATER, SECRET));
    const moved = new URLSearchParams({ key: 'files/ab', name: '.txt', expires: a.get('expires') as string, sig: a.get('sig') as string });
    expect(verifyDownload(moved, SECRET, NOW)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('verifies a link made for a holder for that holder only, and never as a link made for no one', () => {
    const held = signDownload('files/abc/setup.exe', 'Solvr Setup 1.2.exe', LATER, SECRET, 'user-a');
    expect(verifyDownload(held, SECRET, NOW, 'user-a')).toMatchObject({ ok: true, key: 'files/abc/setup.exe' });
    expect(verifyDownload(held, SECRET, NOW, 'user-b')).toEqual({ ok: false, reason: 'tampered' });
    expect(verifyDownload(held, SECRET, NOW)).toEqual({ ok: false, reason: 'tampered' });
    expect(verifyDownload(held, SECRET, NOW, '')).toEqual({ ok: false, reason: 'tampered' });
    // ...and a link made for no one does not pass as anyone's
    expect(verifyDownload(query, SECRET, NOW, 'user-a')).toEqual({ ok: false, reason: 'tampered' });
    expect(verifyDownload(held, SECRET, LATER, 'user-a')).toEqual({ ok: false, reason: 'expired' });
  });

  it('needs a secret', () => {
    expect(() => signDownload('files/a', 'a', LATER, '')).toThrow('A signing secret is required');
  });
});
