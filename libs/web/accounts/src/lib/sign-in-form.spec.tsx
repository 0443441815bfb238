import { screen, waitFor } from '@testing-library/react';
import { AUTH_MESSAGES, MESSAGES } from '@solvr/contracts';
import { accountFixture, authResponseFixture, fakeApi, heldReply, renderWithStore, type FakeReply } from '../testing';
import { SignInForm } from './sign-in-form';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

async function signIn(view: ReturnType<typeof renderWithStore>, email = 'ada@example.com', password = 'the password') {
  await view.user.type(screen.getByLabelText('Email Address'), email);
  await view.user.type(screen.getByLabelText('Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('SignInForm', () => {
  it("shows the server's error with a trailing period, else the spec's text", async () => {
    let reply: FakeReply = { status: 401, body: { message: AUTH_MESSAGES.invalidCredentials } };
    server = fakeApi({ 'POST /auth/login': () => reply });
    const view = renderWithStore(<SignInForm />, { route: '/Signin' });
    await signIn(view);
    expect((await screen.findByRole('alert')).textContent).toBe(`${AUTH_MESSAGES.invalidCredentials}.`);
    // A refusal without a message of its own (the spec's "Sign in failure"; a 5xx is an exception, below).
    reply = { status: 400, body: {} };
    await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signin.failed));
    expect(view.store.getState().session.status).not.toBe('signed-in');
  });

  it("a sign-in that throws (a server failure or no answer) shows 'an error occured!', with the focus on it", async () => {
    let fail: () => Promise<FakeReply> = async () => ({ status: 500, body: { message: 'Something went wrong on our side. Please try again.' } });
    server = fakeApi({ 'POST /auth/login': () => fail() });
    const view = renderWithStore(<SignInForm />, { route: '/Signin' });
    await signIn(view);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signin.exception));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    fail = () => Promise.reject(new TypeError('Failed to fetch'));
    await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signin.exception));
    expect(server.calls).toHaveLength(2);
    expect(view.store.getState().session.status).not.toBe('signed-in');
  });

  it('disables the button while submitting; an incomplete profile goes to CompleteProfile?hasPassword=yes, signed in', async () => {
    const held = heldReply({ status: 200, body: authResponseFixture(accountFixture({ profile_completed: false })) });
    server = fakeApi({ 'POST /auth/login': held.route });
    const view = renderWithStore(<SignInForm />, { route: '/Signin' });
    await signIn(view);
    const button = screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    held.release();
    await waitFor(() => expect(view.location()).toBe('/CompleteProfile?hasPassword=yes'));
    expect(view.store.getState().session).toMatchObject({ status: 'signed-in', accessToken: 'test-access-token' });
    expect(server.calls[0]).toMatchObject({ path: '/auth/login', body: { email: 'ada@example.com', password: 'the password' } });
  });

  it('takes an admin whose profile is incomplete on to the console, not to Complete Profile (issue 29)', async () => {
    server = fakeApi({ 'POST /auth/login': { status: 200, body: authResponseFixture(accountFixture({ profile_completed: false, role: 'admin' })) } });
    const view = renderWithStore(<SignInForm />, { route: '/Signin', state: { from: '/Admin?tab=Files' } });
    await signIn(view);
    await waitFor(() => expect(view.location()).toBe('/Admin?tab=Files'));
  });

  it('goes back to the page that asked for a session, else to the Dashboard; never off the site', async () => {
    server = fakeApi({ 'POST /auth/login': { status: 200, body: authResponseFixture() } });
    const back = renderWithStore(<SignInForm />, { route: '/Signin', state: { from: '/Downloads?type=zip' } });
    await signIn(back);
    await waitFor(() => expect(back.location()).toBe('/Downloads?type=zip'));
    back.unmount();

    const offSite = renderWithStore(<SignInForm />, { route: '/Signin', state: { from: '//evil.example/x' } });
    await signIn(offSite);
    await waitFor(() => expect(offSite.location()).toBe('/Dashboard'));
  });

  it('an unconfirmed account (403) is offered a new confirmation link for the typed address', async () => {
    server = fakeApi({
      'POST /auth/login': { status: 403, body: { message: AUTH_MESSAGES.unverified } },
      'POST /auth/resend-verification': { status: 201, body: { success: true, message: AUTH_MESSAGES.resendAccepted } },
    });
    const view = renderWithStore(<SignInForm />, { route: '/Signin' });
    await signIn(view, ' ada@example.com ');
    expect(await screen.findByText(AUTH_MESSAGES.unverified)).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(AUTH_MESSAGES.resendAccepted)).toBeTruthy();
    expect(server.calls[1]).toMatchObject({ path: '/auth/resend-verification', body: { email: 'ada@example.com' } });
  });

  it("shows why Google sign-in failed (the api's ?error= code)", () => {
    renderWithStore(<SignInForm />, { route: '/Signin?error=google-unverified' });
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.googleNotVerified);
  });

  it('Continue with Google is enabled only when the server has it configured', () => {
    const off = renderWithStore(<SignInForm />);
    const button = screen.getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe(AUTH_MESSAGES.googleUnavailable);
    off.unmount();
    renderWithStore(<SignInForm />, { publicConfig: { brand: { product: 'Acme', team: 'Acme Team', supportEmail: 'a@acme.io', phone: '1', office: 'X' }, googleEnabled: true, proofVideoId: null } });
    expect((screen.getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/Signup');
  });
});
