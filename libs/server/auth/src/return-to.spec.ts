import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps paths on our own site', () => {
    expect(safeReturnTo('/Downloads')).toBe('/Downloads');
    expect(safeReturnTo('/CompleteProfile?hasPassword=no')).toBe('/CompleteProfile?hasPassword=no');
  });
  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', undefined, 42])('refuses %p', (v) => {
    expect(safeReturnTo(v)).toBe('/Dashboard');
  });
});
