import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps paths on our own site', () => {
    expect(safeReturnTo('/Downloads')).toBe('/Downloads');
    expect(safeReturnTo('/CompleteProfile?hasPassword=no')).toBe('/CompleteProfile?hasPassword=no');
  });
  it('resolves dot segments before deciding', () => {
    expect(safeReturnTo('/a/../Downloads')).toBe('/Downloads');
  });
  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
    undefined,
    42,
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/./\t/evil.example',
    '/\n/evil.example',
  ])('refuses %p', (v) => {
    expect(safeReturnTo(v)).toBe('/Dashboard');
  });
});
