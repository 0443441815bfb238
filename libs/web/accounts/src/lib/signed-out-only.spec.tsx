import { screen, waitFor } from '@testing-library/react';
import { ACCOUNT_TEXTS as T } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore } from '../testing';
import { SignInForm } from './sign-in-form';
import { SignedOutOnly } from './signed-out-only';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

describe('SignedOutOnly', () => {
  it('a signed-in account sees who it is signed in as, Go to Dashboard and Logout, not the form', async () => {
    server = fakeApi({ 'POST /auth/logout': { status: 204 } });
    const view = renderWithStore(
      <SignedOutOnly>
        <SignInForm />
      </SignedOutOnly>,
      { route: '/Signin', account: accountFixture({ email: 'ada@example.com' }) },
    );
    expect(screen.getByText(T.alreadySignedIn.as('ada@example.com'))).toBeTruthy();
    expect(screen.queryByLabelText(T.emailLabel)).toBeNull();
    await view.user.click(screen.getByRole('button', { name: T.logout }));
    expect(await screen.findByLabelText(T.emailLabel)).toBeTruthy();
    expect(view.store.getState().session.status).toBe('signed-out');
  });

  it('Go to Dashboard leads there; a visitor gets the form', async () => {
    const view = renderWithStore(
      <SignedOutOnly>
        <SignInForm />
      </SignedOutOnly>,
      { route: '/Signin', account: accountFixture() },
    );
    await view.user.click(screen.getByRole('button', { name: T.alreadySignedIn.toDashboard }));
    await waitFor(() => expect(view.location()).toBe('/Dashboard'));
    view.unmount();
    renderWithStore(
      <SignedOutOnly>
        <SignInForm />
      </SignedOutOnly>,
      { route: '/Signin' },
    );
    expect(screen.getByLabelText(T.emailLabel)).toBeTruthy();
  });
});
