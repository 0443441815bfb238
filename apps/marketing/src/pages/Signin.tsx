import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES, MESSAGES } from '@solvr/contracts';
import { Alert, Button, Field, Input } from '@solvr/web-ui';
import { errorMessage, useLoginMutation } from '@solvr/web-data';
import { AuthCard, GoogleSignIn } from '../AuthCard';
import { ForgotPassword } from '../ForgotPassword';
import { ResendVerification } from '../ResendVerification';

const withPeriod = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

const GOOGLE_ERRORS: Record<string, string> = {
  google: AUTH_MESSAGES.googleUnavailable,
  'google-unverified': AUTH_MESSAGES.googleNotVerified,
};

export default function Signin() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState(GOOGLE_ERRORS[params.get('error') ?? ''] ?? '');
  const [unverified, setUnverified] = useState(false);
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setUnverified(false);
    try {
      const result = await login({ email, password });
      if ('error' in result) {
        setUnverified((result.error as { status?: number }).status === 403);
        return setError(withPeriod(errorMessage(result.error, MESSAGES.signin.failed)));
      }
      if (!result.data.user.profile_completed) navigate('/CompleteProfile?hasPassword=yes');
      else navigate(from && from.startsWith('/') && !from.startsWith('//') ? from : '/Dashboard');
    } catch {
      setError(MESSAGES.signin.exception);
    }
  };

  return (
    <AuthCard title="Sign In" description="Welcome back. Sign in to download the latest version.">
      <GoogleSignIn />
      <form onSubmit={submit} className="mk-form" noValidate>
        {error && <Alert variant="error">{error}</Alert>}
        {unverified && <ResendVerification email={email.trim()} />}
        <Field label="Email Address" htmlFor="email">
          <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Password" htmlFor="password">
          <Input id="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Button type="submit" fullWidth loading={isLoading}>
          Sign In
        </Button>
      </form>
      <div className="mk-center">
        <ForgotPassword initialEmail={email} />
      </div>
      <p className="mk-muted mk-center">
        Don&apos;t have an account? <Link to="/Signup">Sign up</Link>
      </p>
    </AuthCard>
  );
}
