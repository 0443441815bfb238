import { isValidEmail, normalizeEmail } from '@solvr/contracts';
import { ConfigError, defineConfigSection } from '@solvr/server-core';

/** ADMIN_EMAILS: accounts that are made admins at start (the first one is created if there is no admin). */
export const usersConfig = defineConfigSection('users', (env) => {
  const adminEmails = (env.str('ADMIN_EMAILS') ?? '').split(',').map(normalizeEmail).filter(Boolean);
  const bad = adminEmails.find((e) => !isValidEmail(e));
  if (bad) throw new ConfigError('ADMIN_EMAILS', `"${bad}" is not an e-mail address`);
  return { adminEmails };
});
export type UsersConfig = ReturnType<typeof usersConfig.read>;
