import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { ACCOUNT_TEXTS as T, MESSAGES, PASSWORD_RULE, pathTo, validateSignup, type SignupInput } from '@solvr/contracts';
import { Button, ErrorSummary } from '@solvr/web-ui';
import { Field, Input } from '@solvr/web-ui/forms';
import { errorMessage, isException } from '@solvr/web-data';
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
  const [attempt, setAttempt] = useState(0);
  const [signup, { isLoading }] = useSignupMutation();
  const [, navigate] = useLocation();
  const set = (key: keyof SignupInput) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const fail = (message: string) => {
    setError(message);
    setAttempt((n) => n + 1);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const invalid = validateSignup(form);
    if (invalid) return fail(invalid);
    setError('');
    try {
      const email = form.email.trim();
      // Passwords are never trimmed: what was typed is the password.
      const result = await signup({ email, password: form.password });
      if ('error' in result) {
        // Spec section 8: a sign-up that throws (no answer, or a server failure) is an exception, not a refusal.
        return fail(isException(result.error) ? MESSAGES.signup.exception : errorMessage(result.error, MESSAGES.signup.failed));
      }
      navigate(pathTo('VerifyThankYou'), { state: { email } });
    } catch {
      fail(MESSAGES.signup.exception);
    }
  };

  return { form, set, error, attempt, submitting: isLoading, submit };
}

/** Continue with Google, e-mail, password and confirmation, Forgot password?, and the link to sign-in. */
export function SignUpForm() {
  const s = useSignUp();
  return (
    <>
      <GoogleSignIn />
      <form onSubmit={s.submit} className="acc-form" noValidate>
        <ErrorSummary message={s.error} attempt={s.attempt} />
        <Field label={T.emailLabel} htmlFor="email">
          <Input id="email" type="email" autoComplete="email" value={s.form.email} onChange={s.set('email')} />
        </Field>
        <Field label={T.passwordLabel} htmlFor="password" hint={PASSWORD_RULE.hint}>
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
