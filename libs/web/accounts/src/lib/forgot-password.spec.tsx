import { screen, within } from '@testing-library/react';
import { AUTH_MESSAGES } from '@solvr/contracts';
import { fakeApi, renderWithStore } from '../testing';
import { ForgotPassword } from './forgot-password';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

describe('ForgotPassword', () => {
  it('asks for the e-mail (prefilled), sends the reset request and shows the answer', async () => {
    server = fakeApi({ 'POST /auth/forgot-password': { status: 201, body: { success: true, message: AUTH_MESSAGES.resetRequested } } });
    const view = renderWithStore(<ForgotPassword initialEmail="ada@example.com" />);
    await view.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('Email Address') as HTMLInputElement).value).toBe('ada@example.com');
    await view.user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText(AUTH_MESSAGES.resetRequested)).toBeTruthy();
    expect(server.calls).toEqual([expect.objectContaining({ path: '/auth/forgot-password', body: { email: 'ada@example.com' } })]);
  });

  it("shows the server's error", async () => {
    server = fakeApi({ 'POST /auth/forgot-password': { status: 400, body: { message: AUTH_MESSAGES.emailRequired } } });
    const view = renderWithStore(<ForgotPassword initialEmail="" />);
    await view.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await view.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await within(screen.getByRole('dialog')).findByText(AUTH_MESSAGES.emailRequired)).toBeTruthy();
  });
});
