import { screen } from '@testing-library/react';
import { AUTH_MESSAGES } from '@solvr/contracts';
import { fakeApi, renderWithStore } from '../testing';
import { ResendVerification } from './resend-verification';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

describe('ResendVerification', () => {
  it('asks for the e-mail when it does not know it, and shows the answer', async () => {
    server = fakeApi({ 'POST /auth/resend-verification': { status: 201, body: { success: true, message: AUTH_MESSAGES.resendAccepted } } });
    const view = renderWithStore(<ResendVerification />);
    await view.user.type(screen.getByLabelText('Email Address'), ' ada@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(AUTH_MESSAGES.resendAccepted)).toBeTruthy();
    expect(server.calls[0]).toMatchObject({ body: { email: 'ada@example.com' } });
  });

  it("shows the server's error", async () => {
    server = fakeApi({ 'POST /auth/resend-verification': { status: 429, body: { message: AUTH_MESSAGES.throttled } } });
    const view = renderWithStore(<ResendVerification email="ada@example.com" />);
    expect(screen.queryByLabelText('Email Address')).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.throttled);
  });
});
