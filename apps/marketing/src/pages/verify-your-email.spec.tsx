import { screen, within } from '@testing-library/react';
import { ACCOUNT_TEXTS as T, AUTH_MESSAGES } from '@solvr/contracts';
import { renderWithStore } from '@solvr/web-accounts/testing';
import VerifyYourEmail from './VerifyYourEmail';

/** Where the api's confirmation link lands (spec section 2), in its three states. */
describe('VerifyYourEmail', () => {
  it('confirmed: thanks, says the address is now verified, and leads to Sign In', async () => {
    const view = renderWithStore(<VerifyYourEmail />, { route: '/VerifyYourEmail' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you for confirming your email address');
    expect(screen.getByText('You are now verified')).toBeTruthy();
    await view.user.click(within(screen.getByRole('main')).getByRole('link', { name: T.verified.signIn }));
    expect(view.location()).toBe('/Signin');
  });

  it('a used link of a confirmed account (?already=1): already confirmed, no error, and a way to sign in', async () => {
    const view = renderWithStore(<VerifyYourEmail />, { route: '/VerifyYourEmail?already=1' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T.verified.alreadyTitle);
    expect(screen.getByText(AUTH_MESSAGES.alreadyConfirmed)).toBeTruthy();
    expect(screen.queryByText(AUTH_MESSAGES.linkInvalid)).toBeNull();
    await view.user.click(within(screen.getByRole('main')).getByRole('link', { name: T.goToSignIn }));
    expect(view.location()).toBe('/Signin');
  });

  it('a bad link (?error=invalid): says so and offers a new one', () => {
    renderWithStore(<VerifyYourEmail />, { route: '/VerifyYourEmail?error=invalid&already=1' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T.verified.failedTitle);
    expect(screen.getByText(AUTH_MESSAGES.linkInvalid)).toBeTruthy();
    expect(screen.queryByText(AUTH_MESSAGES.alreadyConfirmed)).toBeNull();
    expect(screen.getByRole('button', { name: T.resend.submit })).toBeTruthy();
  });
});
