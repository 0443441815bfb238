import { type FormEvent, useState } from 'react';
import { CONTACT_CATEGORIES, CONTACT_TEXTS as T, contactProblem, type ContactRequest } from '@solvr/contracts';
import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { Field, Input, Textarea } from '@solvr/web-ui/forms';
import { selectUser, useAppSelector, useBrand } from '@solvr/web-data';
import { apiMessage, useSendContactMutation } from './mail.api';

const blank = { category: '' as ContactRequest['category'], subject: '', message: '' };

/**
 * The Contact page's form (spec section 2): name and e-mail prefilled and read-only when the account has them,
 * the three categories, the success panel, and 'Send Another Message' that keeps name and e-mail.
 */
export function ContactForm() {
  const user = useAppSelector(selectUser);
  const brand = useBrand();
  const [name, setName] = useState(user?.full_name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [fields, setFields] = useState(blank);
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [send, { isLoading }] = useSendContactMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: ContactRequest = { name, email, ...fields };
    const problem = contactProblem(body);
    setError(problem ?? '');
    if (problem) return;
    const result = await send(body);
    if ('error' in result) {
      const status = (result.error as { status?: unknown }).status;
      // A refusal the api explains (too many messages, a field too long) is shown as it is; anything else is the spec's text.
      setError(typeof status === 'number' && status < 500 && apiMessage(result.error) ? (apiMessage(result.error) as string) : T.failed(brand.supportEmail));
      return;
    }
    setSent(true);
  };

  if (sent) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">{T.successTitle}</CardTitle>
          <CardDescription>{T.successText}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            onClick={() => {
              setFields(blank);
              setSent(false);
            }}
          >
            {T.sendAnother}
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.formTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="ml-form" onSubmit={(e) => void submit(e)} noValidate>
          {error ? (
            <Alert variant="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <div className="ml-row">
            <Field label={T.name} htmlFor="contact-name" required>
              <Input id="contact-name" value={name} readOnly={!!user?.full_name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
            </Field>
            <Field label={T.email} htmlFor="contact-email" required>
              <Input id="contact-email" type="email" value={email} readOnly={!!user?.email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
            </Field>
          </div>
          <Field label={T.category} htmlFor="contact-category" required>
            <select
              id="contact-category"
              className="ui-input"
              value={fields.category}
              onChange={(e) => setFields({ ...fields, category: e.target.value as ContactRequest['category'] })}
            >
              <option value="">{T.categoryPlaceholder}</option>
              {CONTACT_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label={T.subject} htmlFor="contact-subject" required>
            <Input id="contact-subject" value={fields.subject} onChange={(e) => setFields({ ...fields, subject: e.target.value })} />
          </Field>
          <Field label={T.message} htmlFor="contact-message" required>
            <Textarea id="contact-message" rows={6} value={fields.message} onChange={(e) => setFields({ ...fields, message: e.target.value })} />
          </Field>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? T.sending : T.send}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
