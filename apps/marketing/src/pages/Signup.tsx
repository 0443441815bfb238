import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES, validateSignup } from '@solvr/contracts';
import { Alert, Button, Field, Input } from '@solvr/web-ui';
import { errorMessage } from '@solvr/web-data';
import { AuthCard, OrDivider } from '../AuthCard';

export default function Signup() {
  const [form, setForm] = useState({ email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateSignup(form);
    if (invalid) return setError(invalid);
    setError('');
    setSubmitting(true);
    try {
      const res = await fetch('/api/auth/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: form.email.trim(), password: form.password.trim() }),
      });
      if (!res.ok) return setError(errorMessage({ data: await res.json().catch(() => ({})) }, MESSAGES.signup.failed));
      navigate('/VerifyThankYou');
    } catch {
      setError(MESSAGES.signup.exception);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Sign Up" description="Create your free account to download the app.">
      <Button variant="outline" fullWidth onClick={() => (window.location.href = '/api/auth/google')}>
        Continue with Google
      </Button>
      <OrDivider />
      <form onSubmit={submit} className="mk-form" noValidate>
        {error && <Alert variant="error">{error}</Alert>}
        <Field label="Email Address" htmlFor="email">
          <Input id="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} />
        </Field>
        <Field label="Password" htmlFor="password" hint="Minimum 6 characters">
          <Input id="password" type="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
        </Field>
        <Field label="Confirm Password" htmlFor="confirmPassword" hint="Must match Password">
          <Input id="confirmPassword" type="password" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />
        </Field>
        <Button type="submit" fullWidth loading={submitting} disabled={submitting}>
          Sign Up
        </Button>
        <Button variant="ghost">Forgot password?</Button>
      </form>
      <p className="mk-muted mk-center">
        Already have an account? <Link to="/Signin">Sign in</Link>
      </p>
    </AuthCard>
  );
}
