import { screen, waitFor, within } from '@testing-library/react';
import { accountFixture, fakeApi, renderWithStore } from '@solvr/web-accounts/testing';
import { PublicLayout } from './PublicLayout';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const navLinks = () => within(screen.getByRole('navigation', { name: 'Public' })).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')]);

describe('PublicLayout (spec section 2, public header and footer)', () => {
  it('header: How It Works, PROOF, News, About, Sign In, Get Started', () => {
    renderWithStore(<PublicLayout>page</PublicLayout>);
    expect(navLinks()).toEqual([
      ['How It Works', '/HowItWorks'],
      ['PROOF', '/Proof'],
      ['News', '/NewsPage'],
      ['About', '/About'],
      ['Sign In', '/Signin'],
      ['Get Started', '/Signup'],
    ]);
  });

  it('signed in: the Dashboard instead of Sign In and the user menu instead of Get Started; Logout brings them back', async () => {
    server = fakeApi({ 'POST /auth/logout': { status: 204 } });
    const view = renderWithStore(<PublicLayout>page</PublicLayout>, { route: '/About', account: accountFixture() });
    expect(navLinks()).toEqual([
      ['How It Works', '/HowItWorks'],
      ['PROOF', '/Proof'],
      ['News', '/NewsPage'],
      ['About', '/About'],
      ['Dashboard', '/Dashboard'],
    ]);
    const header = within(screen.getByRole('banner'));
    expect(header.queryByRole('link', { name: 'Get Started' })).toBeNull();
    await view.user.click(await header.findByRole('button', { name: 'ada@example.com' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(view.location()).toBe('/Landing'));
    expect(navLinks().map(([label]) => label)).toEqual(['How It Works', 'PROOF', 'News', 'About', 'Sign In', 'Get Started']);
    expect(header.queryByRole('button', { name: 'ada@example.com' })).toBeNull();
  });

  it('footer: Product and Company, the placeholders marked Coming soon and not links, the year, the description', () => {
    renderWithStore(<PublicLayout>page</PublicLayout>);
    const footer = screen.getByRole('contentinfo');
    const column = (title: string) => screen.getByRole('heading', { level: 2, name: title }).parentElement as HTMLElement;
    expect(within(column('Product')).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['How It Works', '/HowItWorks'],
      ['Releases', '/Releases'],
    ]);
    expect(within(column('Company')).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['About', '/About'],
      ['Blog', '/NewsPage'],
    ]);
    const marked = [...footer.querySelectorAll('.mk-footer-soon')];
    expect(marked.map((el) => [el.tagName, el.textContent])).toEqual(
      ['Pricing', 'API Docs', 'Integrations', 'Careers'].map((label) => ['SPAN', `${label} Coming soon`]),
    );
    for (const label of ['Pricing', 'API Docs', 'Integrations', 'Careers']) {
      expect(within(footer).queryByRole('link', { name: new RegExp(label) })).toBeNull();
    }
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Solvr Team. All rights reserved.`);
    expect(footer.textContent).toContain('A file distribution platform for the Solvr desktop app');
  });
});
