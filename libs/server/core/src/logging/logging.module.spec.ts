import { redactUrl } from './logging.module';

describe('redactUrl', () => {
  it('keeps the path and hides signatures and tokens', () => {
    expect(redactUrl('/api/download?key=files%2Fa&name=x.zip&expires=1&sig=abc')).toBe('/api/download?key=files%2Fa&name=x.zip&expires=1&sig=[redacted]');
    expect(redactUrl('/api/auth/verify-email?token=secret&x=1')).toBe('/api/auth/verify-email?token=[redacted]&x=1');
    expect(redactUrl('/api/no-such-thing')).toBe('/api/no-such-thing');
  });
});
