// tiers: sqlite, services
import { UsersService, verifyPassword } from '@solvr/server-users';
import { DataSource } from 'typeorm';
import { createApi, captureStdout, createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

describe(`first admin (${TIER})`, () => {
  let t: TestEnv;
  beforeAll(async () => (t = await createTestEnv()));
  afterAll(async () => t.cleanup());

  it('is created once with a printed, working password; a second start prints nothing', async () => {
    const out = captureStdout();
    let line: string | undefined;
    try {
      const first = await createApi(t.config({ ADMIN_EMAILS: 'Boss@Example.com' }));
      await first.init();
      line = out.lines().find((l) => l.startsWith('First admin: '));
      const [, , email, password] = line!.split(' ');
      expect(email).toBe('boss@example.com');
      const user = await first
        .get(DataSource)
        .getRepository('User')
        .createQueryBuilder('u')
        .addSelect('u.passwordHash')
        .where('u.email = :email', { email })
        .getOne();
      expect(user).toMatchObject({ role: 'admin', emailVerified: true });
      await expect(verifyPassword((user as { passwordHash: string }).passwordHash, password)).resolves.toBe(true);
      await first.close();

      const second = await createApi(t.config({ ADMIN_EMAILS: 'Boss@Example.com' }));
      await second.init();
      expect(out.lines().filter((l) => l.startsWith('First admin: '))).toHaveLength(1);
      expect(await second.get(UsersService).countAdmins()).toBe(1);
      await second.close();
    } finally {
      out.restore();
    }
  });
});
