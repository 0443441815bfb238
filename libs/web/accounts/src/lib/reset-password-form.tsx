import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { ACCOUNT_TEXTS as T, AUTH_MESSAGES, PASSWORD_RULE, passwordRuleProblem, pathTo, PROFILE_MESSAGES } from '@solvr/contracts';
import { Alert, Button } from '@solvr/web-ui';
import { Field, Input } from '@solvr/web-ui/forms';
import { errorMessage } from '@solvr/web-data';
import { useResetPasswordMutation } from './accounts.api';
import { AuthCard } from './auth-card';

/** Where the reset e-mail lands (`?token=`): a new password under PASSWORD_RULE (as at sign-up, its hint under the field). */
export function ResetPasswordForm() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [reset, { isLoading, data }] = useResetPasswordMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const weak = passwordRuleProblem(password);
    if (weak) return setError(weak);
    if (password !== confirm) return setError(PROFILE_MESSAGES.passwordMismatch);
    setError('');
    const result = await reset({ token, password });
    if ('error' in result) setError(errorMessage(result.error, AUTH_MESSAGES.linkInvalid));
  };

  if (data)
    return (
      <AuthCard title={T.reset.doneTitle} description={data.message}>
        <Link to={pathTo('Signin')}>{T.goToSignIn}</Link>
      </AuthCard>
    );
  return (
    <AuthCard title={T.reset.title} description={T.reset.description}>
      <form onSubmit={submit} className="acc-form" noValidate>
        {!token && <Alert variant="error">{AUTH_MESSAGES.linkInvalid}</Alert>}
        {error && <Alert variant="error">{error}</Alert>}
        <Field label={T.reset.newPassword} htmlFor="new-password" hint={PASSWORD_RULE.hint}>
          <Input id="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field label={T.reset.confirmPassword} htmlFor="confirm-password">
          <Input id="confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </Field>
        <Button type="submit" fullWidth loading={isLoading} disabled={!token}>
          {T.reset.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
