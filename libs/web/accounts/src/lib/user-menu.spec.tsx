import { screen, waitFor } from '@testing-library/react';
import { accountFixture, fakeApi, renderWithStore } from '../testing';
import { UserMenu } from './user-menu';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

describe('UserMenu', () => {
  it('opens on the e-mail, focuses Logout, closes on Escape back on the button', async () => {
    const view = renderWithStore(<UserMenu email="ada@example.com" />, { account: accountFixture() });
    const button = screen.getByRole('button', { name: 'ada@example.com' });
    await view.user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Logout' }));
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Logout signs out and goes to Landing', async () => {
    server = fakeApi({ 'POST /auth/logout': { status: 204 } });
    const view = renderWithStore(<UserMenu email="ada@example.com" />, { route: '/About', account: accountFixture() });
    await view.user.click(screen.getByRole('button', { name: 'ada@example.com' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(view.location()).toBe('/Landing'));
    expect(view.store.getState().session.status).toBe('signed-out');
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /auth/logout']);
  });
});
