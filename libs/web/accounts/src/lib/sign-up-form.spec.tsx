import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@solvr/contracts';
import { fakeApi, heldReply, renderWithStore, type FakeReply } from '../testing';
import { SignUpForm } from './sign-up-form';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const accepted = { status: 201, body: { success: true, message: 'Check your email now to confirm your account' } };

function setup() {
  const view = renderWithStore(<SignUpForm />, { route: '/Signup' });
  const fill = async (email: string, password: string, confirm: string) => {
    for (const [label, value] of [
      ['Email Address', email],
      ['Password', password],
      ['Confirm Password', confirm],
    ] as const) {
      const input = screen.getByLabelText(label);
      await view.user.clear(input);
      if (value) await view.user.type(input, value);
    }
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return { ...view, fill, submit };
}

describe('SignUpForm', () => {
  it('shows the fields of the spec with their hints', () => {
    setup();
    expect(screen.getByLabelText('Email Address').getAttribute('type')).toBe('email');
    expect(screen.getByText('Minimum 6 characters')).toBeTruthy();
    expect(screen.getByText('Must match Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/Signin');
  });

  it('checks blanks, then the match, then the length, and sends nothing while one fails', async () => {
    server = fakeApi({ 'POST /auth/signup': accepted });
    const { fill, submit } = setup();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signup.blank);
    await fill('someone@example.com', '   ', 'abc');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signup.blank);
    await fill('someone@example.com', 'abc', 'abd');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signup.mismatch);
    await fill('someone@example.com', 'abc', 'abc');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signup.short);
    expect(server.calls).toEqual([]);
  });

  it('disables the button while submitting, sends the trimmed e-mail and the password as typed, then goes to the thank-you page', async () => {
    const held = heldReply(accepted);
    server = fakeApi({ 'POST /auth/signup': held.route });
    const view = setup();
    await view.fill('  someone@example.com ', 'secret pass', 'secret pass');
    await view.submit();
    const button = screen.getByRole('button', { name: 'Sign Up' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.getAttribute('aria-busy')).toBe('true');
    held.release();
    await waitFor(() => expect(view.location()).toBe('/VerifyThankYou'));
    expect(view.locationState()).toEqual({ email: 'someone@example.com' });
    expect(server.calls).toEqual([expect.objectContaining({ method: 'POST', path: '/auth/signup', body: { email: 'someone@example.com', password: 'secret pass' } })]);
  });

  it("shows the server's error, else 'Signup failed!', and lets the user try again", async () => {
    let reply = { status: 429, body: { message: 'Too many attempts. Please wait a few minutes and try again.' } as unknown };
    server = fakeApi({ 'POST /auth/signup': () => reply });
    const view = setup();
    await view.fill('someone@example.com', 'abcdef', 'abcdef');
    await view.submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect((screen.getByRole('button', { name: 'Sign Up' }) as HTMLButtonElement).disabled).toBe(false);
    // A refusal without a message of its own (the spec's "server failure"; a 5xx is an exception, below).
    reply = { status: 400, body: {} };
    await view.submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signup.failed));
    expect(view.location()).toBe('/Signup');
  });

  it("a sign-up that throws (a server failure or no answer) shows 'an error occured on Signup!'", async () => {
    let fail: () => Promise<FakeReply> = async () => ({ status: 503, body: {} });
    server = fakeApi({ 'POST /auth/signup': () => fail() });
    const view = setup();
    await view.fill('someone@example.com', 'abcdef', 'abcdef');
    await view.submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signup.exception));
    fail = () => Promise.reject(new TypeError('Failed to fetch'));
    await view.submit();
    await waitFor(() => expect(server?.calls).toHaveLength(2));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signup.exception);
    expect(view.location()).toBe('/Signup');
  });

  it('sends the password exactly as typed, spaces included', async () => {
    server = fakeApi({ 'POST /auth/signup': accepted });
    const view = setup();
    await view.fill('someone@example.com', ' abcdef', ' abcdef');
    await view.submit();
    await waitFor(() => expect(view.location()).toBe('/VerifyThankYou'));
    expect(server.calls[0].body).toEqual({ email: 'someone@example.com', password: ' abcdef' });
  });

  it('after an invalid submit the focus moves to the error', async () => {
    const view = setup();
    await view.submit();
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signup.blank);
  });
});
