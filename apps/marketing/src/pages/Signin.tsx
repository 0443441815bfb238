import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@solvr/contracts';
import { Alert, Button, Field, Input } from '@solvr/web-ui';
import { errorMessage, useLoginMutation } from '@solvr/web-data';
import { AuthCard, OrDivider } from '../AuthCard';

const withPeriod = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export default function Signin() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const result = await login({ email, password });
    if ('error' in result) return setError(withPeriod(errorMessage(result.error, MESSAGES.signin.failed)));
    navigate(result.data.user.profile_completed ? '/Dashboard' : '/CompleteProfile?hasPassword=yes');
  };

  return (
    <AuthCard title="Sign In" description="Welcome back. Sign in to download the latest version.">
      <Button variant="outline" fullWidth onClick={() => (window.location.href = '/api/auth/google')}>
        Continue with Google
      </Button>
      <OrDivider />
      <form onSubmit={submit} className="mk-form" noValidate>
        {error && <Alert variant="error">{error}</Alert>}
        <Field label="Email Address" htmlFor="email">
          <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Password" htmlFor="password">
          <Input id="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Button type="submit" fullWidth loading={isLoading}>
          Sign In
        </Button>
        <Button variant="ghost">
          Forgot password?
        </Button>
      </form>
      <p className="mk-muted mk-center">
        Don&apos;t have an account? <Link to="/Signup">Sign up</Link>
      </p>
    </AuthCard>
  );
}
