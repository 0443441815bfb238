import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES, meetsPasswordRules, PROFILE_MESSAGES } from '@solvr/contracts';
import { Alert, Button, Field, Input, PasswordChecklist } from '@solvr/web-ui';
import { errorMessage, useResetPasswordMutation } from '@solvr/web-data';
import { AuthCard } from '../AuthCard';

/** Where the reset e-mail lands: a new password under the profile password rules. */
export default function ResetPassword() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [reset, { isLoading, data }] = useResetPasswordMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!meetsPasswordRules(password)) return setError(PROFILE_MESSAGES.passwordRules);
    if (password !== confirm) return setError(PROFILE_MESSAGES.passwordMismatch);
    setError('');
    const result = await reset({ token, password });
    if ('error' in result) setError(errorMessage(result.error, AUTH_MESSAGES.linkInvalid));
  };

  if (data)
    return (
      <AuthCard title="Password changed" description={data.message}>
        <Link to="/Signin">Go to Sign In</Link>
      </AuthCard>
    );
  return (
    <AuthCard title="Choose a new password" description="Your new password signs you out of every other device.">
      <form onSubmit={submit} className="mk-form" noValidate>
        {!token && <Alert variant="error">{AUTH_MESSAGES.linkInvalid}</Alert>}
        {error && <Alert variant="error">{error}</Alert>}
        <Field label="New Password" htmlFor="new-password">
          <Input id="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <PasswordChecklist password={password} />
        <Field label="Confirm New Password" htmlFor="confirm-password">
          <Input id="confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </Field>
        <Button type="submit" fullWidth loading={isLoading} disabled={!token}>
          Change password
        </Button>
      </form>
    </AuthCard>
  );
}
