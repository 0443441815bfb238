import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_TEXTS, AUTH_MESSAGES, PASSWORD_RULE, passwordRuleProblem, PROFILE_MESSAGES } from '@solvr/contracts';
import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorSummary } from '@solvr/web-ui';
import { Field, Input } from '@solvr/web-ui/forms';
import { errorMessage, isException, selectUser, useAppSelector } from '@solvr/web-data';
import { useChangePasswordMutation } from './accounts.api';

const T = ACCOUNT_TEXTS.changePassword;

type PasswordField = 'current' | 'password' | 'confirm';

/** Which field an error of the api is about. */
const FIELD_OF: Record<string, PasswordField> = {
  [AUTH_MESSAGES.currentPasswordRequired]: 'current',
  [AUTH_MESSAGES.currentPasswordWrong]: 'current',
  [PASSWORD_RULE.message]: 'password',
  [PROFILE_MESSAGES.passwordMismatch]: 'confirm',
};

/**
 * Changing the password of the signed-in account: the current password (when the account has one), the new one
 * under PASSWORD_RULE (as at sign-up, its hint under the field), and its confirmation. On success the api ends every
 * other session; this tab stays signed in with the new access token (see the changePassword endpoint).
 */
export function useChangePassword(onChanged?: (message: string) => void) {
  const user = useAppSelector(selectUser);
  const hasPassword = user?.has_password ?? true;
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [change, { isLoading }] = useChangePasswordMutation();

  const fail = (message: string) => {
    setError(message);
    setAttempt((n) => n + 1);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (hasPassword && !current) return fail(AUTH_MESSAGES.currentPasswordRequired);
    const weak = passwordRuleProblem(password);
    if (weak) return fail(weak);
    if (password !== confirm) return fail(PROFILE_MESSAGES.passwordMismatch);
    setError('');
    // Passwords are sent exactly as typed.
    const result = await change(hasPassword ? { current_password: current, password } : { password });
    if ('error' in result) return fail(isException(result.error) ? T.failed : errorMessage(result.error, T.failed));
    setCurrent('');
    setPassword('');
    setConfirm('');
    onChanged?.(result.data.message);
  };

  return {
    hasPassword,
    current,
    setCurrent,
    password,
    setPassword,
    confirm,
    setConfirm,
    error,
    errorField: FIELD_OF[error] as PasswordField | undefined,
    attempt,
    submitting: isLoading,
    submit,
  };
}

export interface ChangePasswordFormProps {
  /** Called with the api's message once the password is changed. */
  onChanged?: (message: string) => void;
  onCancel?: () => void;
}

/** The change-password form (set-a-password for an account without one); the first field takes focus when shown. */
export function ChangePasswordForm({ onChanged, onCancel }: ChangePasswordFormProps) {
  const s = useChangePassword(onChanged);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <form onSubmit={s.submit} className="acc-form" noValidate>
      <ErrorSummary message={s.error} attempt={s.attempt} />
      {s.hasPassword && (
        <Field label={T.currentPassword} htmlFor="current-password" required>
          <Input
            ref={first}
            id="current-password"
            type="password"
            autoComplete="current-password"
            invalid={s.errorField === 'current'}
            value={s.current}
            onChange={(e) => s.setCurrent(e.target.value)}
          />
        </Field>
      )}
      <Field label={T.newPassword} htmlFor="new-password" hint={PASSWORD_RULE.hint} required>
        <Input
          ref={s.hasPassword ? undefined : first}
          id="new-password"
          type="password"
          autoComplete="new-password"
          invalid={s.errorField === 'password'}
          value={s.password}
          onChange={(e) => s.setPassword(e.target.value)}
        />
      </Field>
      <Field label={T.confirmPassword} htmlFor="confirm-new-password" required>
        <Input
          id="confirm-new-password"
          type="password"
          autoComplete="new-password"
          invalid={s.errorField === 'confirm'}
          value={s.confirm}
          onChange={(e) => s.setConfirm(e.target.value)}
        />
      </Field>
      <div className="acc-actions">
        <Button type="submit" loading={s.submitting}>
          {s.hasPassword ? T.submit : T.submitSet}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {T.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * The Dashboard's Password card: 'Change password' (or 'Set a password' for an account that has none, e.g. from
 * Google) opens the form in place; the api's confirmation is shown when it is done.
 */
export function PasswordCard() {
  const user = useAppSelector(selectUser);
  const hasPassword = user?.has_password ?? true;
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const close = () => {
    setOpen(false);
    // Back to the button that opened the form (rendered again on the next frame).
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.title}</CardTitle>
        <CardDescription>{hasPassword ? T.description : T.setDescription}</CardDescription>
      </CardHeader>
      <CardContent className="acc-form">
        {done && (
          <Alert ref={doneRef} variant="success" tabIndex={-1}>
            {done}
          </Alert>
        )}
        {open ? (
          <ChangePasswordForm
            onChanged={(message) => {
              setOpen(false);
              setDone(message);
            }}
            onCancel={close}
          />
        ) : (
          <div>
            <Button
              ref={opener}
              variant="outline"
              onClick={() => {
                setDone('');
                setOpen(true);
              }}
            >
              {hasPassword ? T.open : T.openSet}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
