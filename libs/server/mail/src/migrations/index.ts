import { MailOutbox1763700000003 } from './1763700000003-mail-outbox';

export const MAIL_MIGRATIONS = [MailOutbox1763700000003];
