import { Busy } from '@solvr/server-core';
import { generatePassword, hashPassword, HASHES_AT_ONCE, HASHES_WAITING, Passwords, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('S3cret!pass');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    await expect(verifyPassword(hash, 'S3cret!pass')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'wrong')).resolves.toBe(false);
  });

  it(`checks ${HASHES_AT_ONCE} passwords at once, lets ${HASHES_WAITING} wait, and refuses one more at once with Busy (503)`, async () => {
    const passwords = new Passwords();
    const hash = await hashPassword('S3cret!pass');
    const admitted = Array.from({ length: HASHES_AT_ONCE + HASHES_WAITING }, () => passwords.verify(hash, 'S3cret!pass'));
    const started = Date.now();
    const refused = await passwords.verify(hash, 'S3cret!pass').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Busy);
    expect((refused as Busy).getStatus()).toBe(503);
    expect((refused as Busy).retryAfterSeconds).toBeGreaterThan(0);
    // Refused without waiting for the queue ahead of it.
    expect(Date.now() - started).toBeLessThan(20);
    expect(await Promise.all(admitted)).toEqual(admitted.map(() => true));
    // With the queue drained, the next one is checked.
    await expect(passwords.matches(hash, 'wrong')).resolves.toBe(false);
  });

  it('generates passwords that meet the profile password rules', () => {
    for (let i = 0; i < 50; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(20);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
    }
  });
});
