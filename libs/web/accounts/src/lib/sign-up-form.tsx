import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ACCOUNT_TEXTS as T, MESSAGES, pathTo, validateSignup, type SignupInput } from '@solvr/contracts';
import { Alert, Button, Field, Input } from '@solvr/web-ui';
import { errorMessage } from '@solvr/web-data';
import { useSignupMutation } from './accounts.api';
import { GoogleSignIn } from './auth-card';
import { ForgotPassword } from './forgot-password';

/**
 * Sign-up (spec sections 4 and 5): the shared rules in their order, then the api; on success to the thank-you page
 * (which is told the e-mail, to offer a resend).
 */
export function useSignUp() {
  const [form, setForm] = useState<SignupInput>({ email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState('');
  const [signup, { isLoading }] = useSignupMutation();
  const navigate = useNavigate();
  const set = (key: keyof SignupInput) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const invalid = validateSignup(form);
    if (invalid) return setError(invalid);
    setError('');
    try {
      const email = form.email.trim();
      // Passwords are never trimmed: what was typed is the password.
      const result = await signup({ email, password: form.password });
      if ('error' in result) return setError(errorMessage(result.error, MESSAGES.signup.failed));
      navigate(pathTo('VerifyThankYou'), { state: { email } });
    } catch {
      setError(MESSAGES.signup.exception);
    }
  };

  return { form, set, error, submitting: isLoading, submit };
}

/** Continue with Google, e-mail, password and confirmation, Forgot password?, and the link to sign-in. */
export function SignUpForm() {
  const s = useSignUp();
  return (
    <>
      <GoogleSignIn />
      <form onSubmit={s.submit} className="acc-form" noValidate>
        {s.error && <Alert variant="error">{s.error}</Alert>}
        <Field label={T.emailLabel} htmlFor="email">
          <Input id="email" type="email" autoComplete="email" value={s.form.email} onChange={s.set('email')} />
        </Field>
        <Field label={T.passwordLabel} htmlFor="password" hint={T.signup.passwordHint}>
          <Input id="password" type="password" autoComplete="new-password" value={s.form.password} onChange={s.set('password')} />
        </Field>
        <Field label={T.signup.confirmLabel} htmlFor="confirmPassword" hint={T.signup.confirmHint}>
          <Input id="confirmPassword" type="password" autoComplete="new-password" value={s.form.confirmPassword} onChange={s.set('confirmPassword')} />
        </Field>
        <Button type="submit" fullWidth loading={s.submitting}>
          {T.signup.submit}
        </Button>
      </form>
      <div className="acc-center">
        <ForgotPassword initialEmail={s.form.email} />
      </div>
      <p className="acc-muted acc-center">
        {T.signup.haveAccount} <Link to={pathTo('Signin')}>{T.signup.signInLink}</Link>
      </p>
    </>
  );
}
