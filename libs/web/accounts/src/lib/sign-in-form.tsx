import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { ACCOUNT_TEXTS as T, AUTH_MESSAGES, MESSAGES, mustCompleteProfile, pathTo, type SigninErrorCode } from '@solvr/contracts';
import { Button, ErrorSummary } from '@solvr/web-ui';
import { Field, Input } from '@solvr/web-ui/forms';
import { errorMessage, isException } from '@solvr/web-data';
import { useLoginMutation } from './accounts.api';
import { GoogleSignIn } from './auth-card';
import { ForgotPassword } from './forgot-password';
import { ResendVerification } from './resend-verification';

/** Spec section 8: the sign-in error is shown with a trailing period. */
export const withPeriod = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** What the api's `/Signin?error=` codes (failed Google sign-in) mean. */
const SIGNIN_ERRORS: Record<SigninErrorCode, string> = {
  google: AUTH_MESSAGES.googleUnavailable,
  'google-unverified': AUTH_MESSAGES.googleNotVerified,
};

/** Only a path on this site may be returned to after sign-in. */
const isLocalPath = (path: string | undefined): path is string => !!path && path.startsWith('/') && !path.startsWith('//');

/**
 * Sign-in (spec section 4): on success to CompleteProfile?hasPassword=yes while the profile is incomplete, else back
 * to the page that asked for a session, else to the Dashboard. 403 means unconfirmed: offer to resend the link.
 */
export function useSignIn() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>(SIGNIN_ERRORS[params.get('error') as SigninErrorCode] ?? '');
  const [unverified, setUnverified] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [login, { isLoading }] = useLoginMutation();
  const [, navigate] = useLocation();
  const from = (useHistoryState() as { from?: string } | null)?.from;

  const fail = (message: string) => {
    setError(message);
    setAttempt((n) => n + 1);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setError('');
    setUnverified(false);
    try {
      const result = await login({ email, password });
      if ('error' in result) {
        // Spec section 8: a sign-in that throws (no answer, or a server failure) is an exception, not a refusal.
        if (isException(result.error)) return fail(MESSAGES.signin.exception);
        setUnverified((result.error as { status?: number }).status === 403);
        return fail(withPeriod(errorMessage(result.error, MESSAGES.signin.failed)));
      }
      const user = result.data.user;
      if (mustCompleteProfile(user)) navigate(pathTo('CompleteProfile', undefined, { hasPassword: user.has_password ? 'yes' : 'no' }));
      else navigate(isLocalPath(from) ? from : pathTo('Dashboard'));
    } catch {
      fail(MESSAGES.signin.exception);
    }
  };

  return { email, setEmail, password, setPassword, error, attempt, unverified, submitting: isLoading, submit };
}

/** Continue with Google, e-mail and password, Forgot password?, and the link to sign-up. */
export function SignInForm() {
  const s = useSignIn();
  return (
    <>
      <GoogleSignIn />
      <form onSubmit={s.submit} className="acc-form" noValidate>
        <ErrorSummary message={s.error} attempt={s.attempt} />
        {s.unverified && <ResendVerification email={s.email.trim()} />}
        <Field label={T.emailLabel} htmlFor="email">
          <Input id="email" type="email" autoComplete="email" value={s.email} onChange={(e) => s.setEmail(e.target.value)} />
        </Field>
        <Field label={T.passwordLabel} htmlFor="password">
          <Input id="password" type="password" autoComplete="current-password" value={s.password} onChange={(e) => s.setPassword(e.target.value)} />
        </Field>
        <Button type="submit" fullWidth loading={s.submitting}>
          {T.signin.submit}
        </Button>
      </form>
      <div className="acc-center">
        <ForgotPassword initialEmail={s.email} />
      </div>
      <p className="acc-muted acc-center">
        {T.signin.noAccount} <Link to={pathTo('Signup')}>{T.signin.signUpLink}</Link>
      </p>
    </>
  );
}
