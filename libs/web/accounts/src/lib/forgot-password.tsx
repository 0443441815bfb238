import { useState, type FormEvent } from 'react';
import { ACCOUNT_TEXTS as T, AUTH_MESSAGES } from '@solvr/contracts';
import { Alert, Button } from '@solvr/web-ui';
import { Dialog, Field, Input } from '@solvr/web-ui/forms';
import { errorMessage } from '@solvr/web-data';
import { useForgotPasswordMutation } from './accounts.api';

/** 'Forgot password?': asks for the e-mail and sends a reset link (the same answer whether or not it exists). */
export function ForgotPassword({ initialEmail }: { initialEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(initialEmail);
  const [forgot, { isLoading, data, error, reset }] = useForgotPasswordMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await forgot({ email: email.trim() });
  };
  const show = () => {
    reset();
    setEmail(initialEmail);
    setOpen(true);
  };
  return (
    <>
      <Button variant="ghost" onClick={show}>
        {T.forgotPassword}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={T.forgot.title} description={T.forgot.description}>
        {data ? (
          <Alert variant="success">{data.message}</Alert>
        ) : (
          <form onSubmit={submit} className="acc-form" noValidate>
            {error && <Alert variant="error">{errorMessage(error, AUTH_MESSAGES.emailRequired)}</Alert>}
            <Field label={T.emailLabel} htmlFor="reset-email">
              <Input id="reset-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
            <Button type="submit" loading={isLoading}>
              {T.forgot.submit}
            </Button>
          </form>
        )}
      </Dialog>
    </>
  );
}
