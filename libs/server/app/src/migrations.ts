import { composeMigrations } from '@solvr/server-core';
import { AUDIT_MIGRATIONS } from '@solvr/server-audit';
import { AUTH_MIGRATIONS } from '@solvr/server-auth';
import { FILES_MIGRATIONS } from '@solvr/server-files';
import { MAIL_MIGRATIONS } from '@solvr/server-mail';
import { NEWS_MIGRATIONS } from '@solvr/server-news';
import { PAYMENTS_MIGRATIONS } from '@solvr/server-payments';
import { RELEASES_MIGRATIONS } from '@solvr/server-releases';
import { USERS_MIGRATIONS } from '@solvr/server-users';

/** Every feature's migrations, in order: the api (and its migrate command) applies them. */
export const API_MIGRATIONS = composeMigrations(USERS_MIGRATIONS, AUTH_MIGRATIONS, MAIL_MIGRATIONS, FILES_MIGRATIONS, RELEASES_MIGRATIONS, NEWS_MIGRATIONS, PAYMENTS_MIGRATIONS, AUDIT_MIGRATIONS);
