import { useState } from 'react';
import { ACCOUNT_TEXTS as T, AUTH_MESSAGES } from '@solvr/contracts';
import { Alert, Button } from '@solvr/web-ui';
import { Field, Input } from '@solvr/web-ui/forms';
import { errorMessage } from '@solvr/web-data';
import { useResendVerificationMutation } from './accounts.api';

/** Sends a fresh confirmation link; asks for the e-mail when the page does not know it. */
export function ResendVerification({ email: known }: { email?: string }) {
  const [email, setEmail] = useState(known ?? '');
  const [resend, { isLoading, data, error }] = useResendVerificationMutation();
  if (data) return <Alert variant="success">{data.message}</Alert>;
  return (
    <div className="acc-form">
      {error && <Alert variant="error">{errorMessage(error, AUTH_MESSAGES.emailRequired)}</Alert>}
      {!known && (
        <Field label={T.emailLabel} htmlFor="resend-email">
          <Input id="resend-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
      )}
      <Button variant="outline" loading={isLoading} onClick={() => resend({ email: email.trim() })}>
        {T.resend.submit}
      </Button>
    </div>
  );
}
