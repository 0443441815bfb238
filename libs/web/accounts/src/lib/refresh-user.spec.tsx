import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore } from '../testing';
import { AdminAccessRequired } from './refresh-user';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

describe('AdminAccessRequired', () => {
  it("shows the denial with the account's e-mail and role; Refresh User Data reloads the account into the session, then the page", async () => {
    server = fakeApi({ 'GET /users/me': { status: 200, body: accountFixture({ role: 'admin' }) } });
    const reload = jest.fn();
    const view = renderWithStore(<AdminAccessRequired reload={reload} />, { account: accountFixture() });
    expect(screen.getByText(MESSAGES.access.notAdmin)).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('user')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: MESSAGES.access.refreshUser }));
    await waitFor(() => expect(view.store.getState().session.user?.role).toBe('admin'));
    expect(screen.getByText('admin')).toBeTruthy();
    expect(server.calls[0]).toMatchObject({ method: 'GET', path: '/users/me', authorization: 'Bearer test-access-token' });
    // Spec section 6: the button reloads.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
