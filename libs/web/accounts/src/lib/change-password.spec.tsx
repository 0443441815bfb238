import { screen, waitFor } from '@testing-library/react';
import { ACCOUNT_TEXTS, AUTH_MESSAGES, PASSWORD_RULE, PROFILE_MESSAGES } from '@solvr/contracts';
import { accountFixture, fakeApi, heldReply, renderWithStore, type FakeCall, type FakeReply } from '../testing';
import { PasswordCard } from './change-password';

const T = ACCOUNT_TEXTS.changePassword;
let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const byId = (id: string) => document.getElementById(id) as HTMLInputElement | null;
const changed = () => ({
  status: 200,
  body: { access_token: 'new-access-token', user: accountFixture({ has_password: true }), message: AUTH_MESSAGES.passwordChanged },
});

function setup(route: FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>), hasPassword = true) {
  server = fakeApi({ 'POST /users/me/password': route });
  const view = renderWithStore(<PasswordCard />, { route: '/Dashboard', account: accountFixture({ has_password: hasPassword }) });
  const open = () => view.user.click(screen.getByRole('button', { name: hasPassword ? T.open : T.openSet }));
  const type = async (fields: Partial<Record<'current-password' | 'new-password' | 'confirm-new-password', string>>) => {
    for (const [id, value] of Object.entries(fields)) {
      const input = byId(id) as HTMLInputElement;
      await view.user.clear(input);
      if (value) await view.user.type(input, value);
    }
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: hasPassword ? T.submit : T.submitSet }));
  const alert = () => screen.getByRole('alert').textContent;
  return { ...view, open, type, submit, alert };
}

describe('PasswordCard / ChangePasswordForm', () => {
  it('needs the current password, the sign-up password rule (its hint under the field) and the confirmation, in that order, before calling the api', async () => {
    const view = setup(changed());
    expect(screen.getByRole('heading', { name: T.title })).toBeTruthy();
    await view.open();
    expect(document.activeElement).toBe(byId('current-password'));
    await view.submit();
    expect(view.alert()).toBe(AUTH_MESSAGES.currentPasswordRequired);
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(byId('current-password')?.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('new-password-hint')?.textContent).toBe('Minimum 6 characters');
    expect(byId('new-password')?.getAttribute('aria-describedby')).toContain('new-password-hint');
    // No checklist of the Complete Profile rules: one rule, the sign-up one.
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    await view.type({ 'current-password': 'old password', 'new-password': 'abcde' });
    await view.submit();
    expect(view.alert()).toBe('Passwords must be at least 6 characters long!');
    expect(view.alert()).toBe(PASSWORD_RULE.message);
    expect(byId('new-password')?.getAttribute('aria-invalid')).toBe('true');
    await view.type({ 'new-password': 'Str0ng-Password', 'confirm-new-password': 'Str0ng-Passwort' });
    await view.submit();
    expect(view.alert()).toBe(PROFILE_MESSAGES.passwordMismatch);
    expect(server?.calls).toEqual([]);
  });

  it('sends the current and the new password as typed; on success shows the message and goes on with the new access token', async () => {
    const held = heldReply(changed());
    const view = setup(held.route);
    await view.open();
    await view.type({ 'current-password': ' old pass ', 'new-password': 'Str0ng-Password ', 'confirm-new-password': 'Str0ng-Password ' });
    await view.submit();
    await waitFor(() => expect((screen.getByRole('button', { name: T.submit }) as HTMLButtonElement).disabled).toBe(true));
    held.release();
    expect((await screen.findByRole('status')).textContent).toBe(AUTH_MESSAGES.passwordChanged);
    expect(server?.calls[0]).toMatchObject({
      method: 'POST',
      path: '/users/me/password',
      authorization: 'Bearer test-access-token',
      body: { current_password: ' old pass ', password: 'Str0ng-Password ' },
    });
    expect(view.store.getState().session).toMatchObject({ status: 'signed-in', accessToken: 'new-access-token' });
    expect(byId('current-password')).toBeNull();
    expect(screen.getByRole('button', { name: T.open })).toBeTruthy();
  });

  it('takes a new password of 6 characters, as sign-up does (no classes of characters asked for)', async () => {
    const view = setup(changed());
    await view.open();
    await view.type({ 'current-password': 'old password', 'new-password': 'abcdef', 'confirm-new-password': 'abcdef' });
    await view.submit();
    expect((await screen.findByRole('status')).textContent).toBe(AUTH_MESSAGES.passwordChanged);
    expect(server?.calls[0].body).toEqual({ current_password: 'old password', password: 'abcdef' });
  });

  it("shows the api's refusal (wrong current password, throttled), and its own text when the call throws", async () => {
    let reply: FakeReply = { status: 400, body: { message: AUTH_MESSAGES.currentPasswordWrong } };
    const view = setup(() => reply);
    await view.open();
    await view.type({ 'current-password': 'not it', 'new-password': 'Str0ng-Password', 'confirm-new-password': 'Str0ng-Password' });
    await view.submit();
    await waitFor(() => expect(view.alert()).toBe(AUTH_MESSAGES.currentPasswordWrong));
    expect(byId('current-password')?.getAttribute('aria-invalid')).toBe('true');
    reply = { status: 429, body: { message: AUTH_MESSAGES.throttled } };
    await view.submit();
    await waitFor(() => expect(view.alert()).toBe(AUTH_MESSAGES.throttled));
    reply = { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
    await view.submit();
    await waitFor(() => expect(view.alert()).toBe(T.failed));
    expect(view.store.getState().session.accessToken).toBe('test-access-token');
  });

  it('an account without a password (Google) sets one: no current password is asked or sent', async () => {
    const view = setup(changed(), false);
    expect(screen.getByText(T.setDescription)).toBeTruthy();
    await view.open();
    expect(byId('current-password')).toBeNull();
    expect(document.activeElement).toBe(byId('new-password'));
    await view.type({ 'new-password': 'Str0ng-Password', 'confirm-new-password': 'Str0ng-Password' });
    await view.submit();
    expect((await screen.findByRole('status')).textContent).toBe(AUTH_MESSAGES.passwordChanged);
    expect(server?.calls[0].body).toEqual({ password: 'Str0ng-Password' });
    // The account has a password now: the card offers to change it.
    expect(screen.getByRole('button', { name: T.open })).toBeTruthy();
    expect(screen.getByText(T.description)).toBeTruthy();
  });

  it('Cancel closes the form and gives the focus back to the button', async () => {
    const view = setup(changed());
    await view.open();
    await view.user.click(screen.getByRole('button', { name: T.cancel }));
    expect(byId('current-password')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: T.open })));
  });
});
