// @solvr/web-mail/admin: the Email tab and the Overview's test e-mails; only the admin remote loads it.
import './mail.css';

export { EmailCenter } from './email-center';
export { TestMailActions } from './test-mail-actions';
