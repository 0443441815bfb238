// @solvr/web-mail: the Contact form and the unsubscribe page; the Email Center is in ./admin.
import './mail.css';

export { ContactForm } from './contact-form';
export { UnsubscribePanel } from './unsubscribe-panel';
export { mailApi, apiMessage } from './mail.api';
