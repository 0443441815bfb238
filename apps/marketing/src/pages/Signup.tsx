import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES, validateSignup } from '@solvr/contracts';
import { Alert, Button, Field, Input } from '@solvr/web-ui';
import { errorMessage, useSignupMutation } from '@solvr/web-data';
import { AuthCard, GoogleSignIn } from '../AuthCard';
import { ForgotPassword } from '../ForgotPassword';

export default function Signup() {
  const [form, setForm] = useState({ email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState('');
  const [signup, { isLoading }] = useSignupMutation();
  const navigate = useNavigate();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateSignup(form);
    if (invalid) return setError(invalid);
    setError('');
    try {
      const email = form.email.trim();
      const result = await signup({ email, password: form.password.trim() });
      if ('error' in result) return setError(errorMessage(result.error, MESSAGES.signup.failed));
      navigate('/VerifyThankYou', { state: { email } });
    } catch {
      setError(MESSAGES.signup.exception);
    }
  };

  return (
    <AuthCard title="Sign Up" description="Create your free account to download the app.">
      <GoogleSignIn />
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
        <Button type="submit" fullWidth loading={isLoading}>
          Sign Up
        </Button>
      </form>
      <div className="mk-center">
        <ForgotPassword initialEmail={form.email} />
      </div>
      <p className="mk-muted mk-center">
        Already have an account? <Link to="/Signin">Sign in</Link>
      </p>
    </AuthCard>
  );
}
