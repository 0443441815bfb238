import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'crypto';
import { ACCESS_TOKEN_ALGORITHM } from './access.decorators';
import { AccessService, type AccessState, type AccountSource } from './access.service';

const jwt = new JwtService({ secret: createSecretKey(Buffer.from('a-test-secret-that-is-long-enough-1234')), signOptions: { algorithm: ACCESS_TOKEN_ALGORITHM } });

/** An account source whose state the test changes, counting reads. */
function accounts(state: AccessState | null) {
  const source = { state, reads: 0, accessState: async () => (source.reads++, source.state) };
  return source satisfies AccountSource;
}

describe('AccessService.verifyAccessToken', () => {
  afterEach(() => jest.useRealTimers());

  it('checks a token once and still refuses it once it expires, is revoked or its account is gone', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const source = accounts({ role: 'user', tokenVersion: 1 });
    const access = new AccessService(jwt, source);
    const token = await jwt.signAsync({ sub: 'u-1', email: 'a@b.c', role: 'user', ver: 1 }, { expiresIn: 60 });
    const verify = jest.spyOn(jwt, 'verifyAsync');

    for (let i = 0; i < 3; i++) expect((await access.verifyAccessToken(token)).user).toEqual({ id: 'u-1', email: 'a@b.c', role: 'user' });
    expect(verify).toHaveBeenCalledTimes(1);
    // The account is read on every request: a demotion counts at once.
    expect(source.reads).toBe(3);
    source.state = { role: 'admin', tokenVersion: 1 };
    expect((await access.verifyAccessToken(token)).user.role).toBe('admin');

    source.state = { role: 'user', tokenVersion: 2 };
    await expect(access.verifyAccessToken(token)).rejects.toThrow('token revoked');
    source.state = null;
    await expect(access.verifyAccessToken(token)).rejects.toThrow('token revoked');

    source.state = { role: 'user', tokenVersion: 1 };
    jest.setSystemTime(new Date('2026-11-26T10:01:01Z'));
    await expect(access.verifyAccessToken(token)).rejects.toThrow('token expired');
  });

  it('does not accept a token whose signature does not match, however often it is tried', async () => {
    const access = new AccessService(jwt, accounts({ role: 'admin', tokenVersion: 0 }));
    const good = await jwt.signAsync({ sub: 'u-1', email: 'a@b.c', role: 'user', ver: 0 }, { expiresIn: 60 });
    await access.verifyAccessToken(good);
    const [header, , signature] = good.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'u-2', email: 'x@y.z', role: 'admin', ver: 0, exp: 9e9 })).toString('base64url')}.${signature}`;
    for (let i = 0; i < 2; i++) await expect(access.verifyAccessToken(forged)).rejects.toThrow('invalid signature');
  });

  it('answers at once only with a checked token and a kept state, and then decides as verifyAccessToken does', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const source = Object.assign(accounts({ role: 'user', tokenVersion: 1 }), { kept: undefined as AccessState | undefined, keptAccessState: () => source.kept });
    const access = new AccessService(jwt, source);
    const token = await jwt.signAsync({ sub: 'u-1', email: 'a@b.c', role: 'user', ver: 1 }, { expiresIn: 60 });
    source.kept = { role: 'user', tokenVersion: 1 };
    // A token never checked: its signature is not taken on trust, even with the account's state at hand.
    expect(access.verifiedNow(token)).toBeUndefined();
    await access.verifyAccessToken(token);
    const now = access.verifiedNow(token);
    expect(now?.user).toEqual({ id: 'u-1', email: 'a@b.c', role: 'user' });
    expect(now && access.stateOf(now.user)).toBe(source.kept);
    source.kept = { role: 'admin', tokenVersion: 1 };
    expect(access.verifiedNow(token)?.user.role).toBe('admin');
    // No state kept: undefined (verifyAccessToken reads it).
    source.kept = undefined;
    expect(access.verifiedNow(token)).toBeUndefined();
    // Revoked or expired: undefined, and verifyAccessToken says why.
    source.kept = source.state = { role: 'user', tokenVersion: 2 };
    expect(access.verifiedNow(token)).toBeUndefined();
    await expect(access.verifyAccessToken(token)).rejects.toThrow('token revoked');
    source.kept = source.state = { role: 'user', tokenVersion: 1 };
    jest.setSystemTime(new Date('2026-11-26T10:01:01Z'));
    expect(access.verifiedNow(token)).toBeUndefined();
    await expect(access.verifyAccessToken(token)).rejects.toThrow('token expired');
  });
});
