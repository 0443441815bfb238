import { screen, waitFor } from '@testing-library/react';
import { AUTH_MESSAGES, PASSWORD_RULE, PROFILE_MESSAGES } from '@solvr/contracts';
import { fakeApi, heldReply, renderWithStore } from '../testing';
import { ResetPasswordForm } from './reset-password-form';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

async function choose(view: ReturnType<typeof renderWithStore>, password: string, confirm: string) {
  await view.user.clear(screen.getByLabelText('New Password'));
  await view.user.type(screen.getByLabelText('New Password'), password);
  await view.user.clear(screen.getByLabelText('Confirm New Password'));
  await view.user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await view.user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ResetPasswordForm', () => {
  it('without a token: says the link is invalid and cannot submit', () => {
    renderWithStore(<ResetPasswordForm />, { route: '/ResetPassword' });
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.linkInvalid);
    expect((screen.getByRole('button', { name: 'Change password' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the sign-up password rule as the hint of the new password', () => {
    renderWithStore(<ResetPasswordForm />, { route: '/ResetPassword?token=t0k' });
    expect(document.getElementById('new-password-hint')?.textContent).toBe('Minimum 6 characters');
    expect(screen.getByLabelText('New Password').getAttribute('aria-describedby')).toContain('new-password-hint');
    // No checklist of the Complete Profile rules: one rule, the sign-up one.
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it('checks the sign-up password rule, then the match, before sending', async () => {
    server = fakeApi({});
    const view = renderWithStore(<ResetPasswordForm />, { route: '/ResetPassword?token=t0k' });
    await choose(view, 'short', 'short');
    expect(screen.getByRole('alert').textContent).toBe('Passwords must be at least 6 characters long!');
    expect(screen.getByRole('alert').textContent).toBe(PASSWORD_RULE.message);
    await choose(view, 'Brand-New-Pass1', 'Brand-New-Pass2');
    expect(screen.getByRole('alert').textContent).toBe(PROFILE_MESSAGES.passwordMismatch);
    expect(server.calls).toEqual([]);
  });

  it('sends token and password, busy while it waits, then shows the done text', async () => {
    const held = heldReply({ status: 201, body: { success: true, message: AUTH_MESSAGES.resetDone } });
    server = fakeApi({ 'POST /auth/reset-password': held.route });
    const view = renderWithStore(<ResetPasswordForm />, { route: '/ResetPassword?token=t0k' });
    await choose(view, 'Brand-New-Pass1', 'Brand-New-Pass1');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Change password' }) as HTMLButtonElement).disabled).toBe(true));
    held.release();
    expect(await screen.findByText(AUTH_MESSAGES.resetDone)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Sign In' }).getAttribute('href')).toBe('/Signin');
    expect(server.calls[0]).toMatchObject({ body: { token: 't0k', password: 'Brand-New-Pass1' } });
  });

  it('takes a new password of 6 characters, as sign-up does', async () => {
    server = fakeApi({ 'POST /auth/reset-password': { status: 200, body: { success: true, message: AUTH_MESSAGES.resetDone } } });
    const view = renderWithStore(<ResetPasswordForm />, { route: '/ResetPassword?token=t0k' });
    await choose(view, 'abcdef', 'abcdef');
    expect(await screen.findByText(AUTH_MESSAGES.resetDone)).toBeTruthy();
    expect(server.calls[0]).toMatchObject({ body: { token: 't0k', password: 'abcdef' } });
  });

  it("shows the server's error (e.g. a used link)", async () => {
    server = fakeApi({ 'POST /auth/reset-password': { status: 400, body: { message: AUTH_MESSAGES.linkInvalid } } });
    const view = renderWithStore(<ResetPasswordForm />, { route: '/ResetPassword?token=used' });
    await choose(view, 'Brand-New-Pass1', 'Brand-New-Pass1');
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.linkInvalid);
  });
});
