import { act, screen, waitFor, within } from '@testing-library/react';
import { LAYOUT_TEXTS, MESSAGES, PAGES, type PageArea } from '@solvr/contracts';
import { authResponseFixture, fakeApi, heldReply, renderWithStore, type FakeReply } from '@solvr/web-accounts/testing';
import { App } from './App';
import { provideArea } from './remotes';

/**
 * The shell's page router (spec section 2) with stand-in remotes: each page of the route table is an h1 naming it,
 * handed over the way the server renderer hands over its areas, so no remote entry is fetched.
 */
for (const area of ['marketing', 'portal', 'admin'] as PageArea[]) {
  const pages = PAGES.filter((p) => p.area === area).map((p) => [p.page, () => <h1>{`${p.page} page`}</h1>]);
  provideArea(area, { pages: Object.fromEntries(pages), probe: async () => ({}) });
}

const SIGNED_OUT: FakeReply = { status: 204 };
const SIGNED_IN: FakeReply = { status: 200, body: authResponseFixture() };

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

/** The whole shell at `route`, its session check (POST /api/auth/refresh) answered with `session`. */
function shell(route: string, session: FakeReply | (() => Promise<FakeReply>) = SIGNED_OUT) {
  server?.restore();
  server = fakeApi({ 'POST /auth/refresh': session });
  return renderWithStore(<App />, { route });
}

const page = (name: string) => screen.findByRole('heading', { level: 1, name: `${name} page` });

/** Changes the address the way a script or another router would, after the page has loaded. */
const goTo = (path: string) =>
  act(() => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });

describe('the route table in the shell', () => {
  it('the last segment picks the page, case-insensitively; / and an unknown segment show Landing', async () => {
    for (const [path, name] of [
      ['/Landing', 'Landing'],
      ['/landing', 'Landing'],
      ['/LANDING', 'Landing'],
      ['/', 'Landing'],
      ['/NewsPage', 'NewsPage'],
      ['/newspage', 'NewsPage'],
      ['/some/where/NEWSPAGE', 'NewsPage'],
      ['/howitworks', 'HowItWorks'],
      ['/no-such-page', 'Landing'],
    ]) {
      const view = shell(path);
      expect(await page(name)).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      view.unmount();
    }
  });

  it('a path with a broken % escape, reached after the page loaded, shows Landing instead of throwing', async () => {
    shell('/About');
    await page('About');
    for (const path of ['/50%off', '/a/%E0%A4%A']) {
      await goTo(path);
      expect(await page('Landing')).toBeTruthy();
      await goTo('/About');
      await page('About');
    }
  });

  it('public pages have no signed-in header, signed out or in; signed-in pages have it', async () => {
    const out = shell('/About');
    await page('About');
    expect(screen.queryByRole('navigation', { name: LAYOUT_TEXTS.mainNav })).toBeNull();
    out.unmount();

    const signedIn = shell('/About', SIGNED_IN);
    await waitFor(() => expect(signedIn.store.getState().session.status).toBe('signed-in'));
    await page('About');
    expect(screen.queryByRole('navigation', { name: LAYOUT_TEXTS.mainNav })).toBeNull();
    await goTo('/Help');
    await page('Help');
    expect(screen.getByRole('navigation', { name: LAYOUT_TEXTS.mainNav })).toBeTruthy();
  });
});

describe('per-page states of the shell', () => {
  it('signed-out visitors get Access Denied on signed-in pages, and Go to Landing Page leads to Landing', async () => {
    for (const path of ['/Help', '/downloads', '/Contact', '/Admin', '/SolvrDownload', '/MigrationGuide', '/PaymentSuccess']) {
      const view = shell(path);
      expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.access.deniedTitle })).toBeTruthy();
      expect(screen.getByText(MESSAGES.access.deniedBody)).toBeTruthy();
      // The page itself is not shown.
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      view.unmount();
    }
    const view = shell('/Help');
    await view.user.click(await screen.findByRole('button', { name: MESSAGES.access.goToLanding }));
    expect(view.location()).toBe('/Landing');
    expect(await page('Landing')).toBeTruthy();
  });

  it('Access Denied has the site header with the logo and the way in', async () => {
    const view = shell('/Contact');
    await screen.findByRole('heading', { level: 1, name: MESSAGES.access.deniedTitle });
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Solvr' }).getAttribute('href')).toBe('/Landing');
    expect(header.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/Signup');
    await view.user.click(header.getByRole('link', { name: 'Sign In' }));
    expect(view.location()).toBe('/Signin');
    expect(await page('Signin')).toBeTruthy();
  });

  it("Access Denied's Sign In (card and header) goes to /Signin remembering the page asked for", async () => {
    let view = shell('/Help?topic=x');
    await view.user.click(await screen.findByRole('button', { name: MESSAGES.access.signIn }));
    expect(view.location()).toBe('/Signin');
    expect(view.locationState()).toEqual({ from: '/Help?topic=x' });
    expect(await page('Signin')).toBeTruthy();
    view.unmount();
    view = shell('/Contact');
    await screen.findByRole('heading', { level: 1, name: MESSAGES.access.deniedTitle });
    await view.user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' }));
    expect(view.locationState()).toEqual({ from: '/Contact' });
  });

  it('Dashboard and CompleteProfile send signed-out visitors to /Signin, remembering where they were going', async () => {
    for (const path of ['/Dashboard', '/CompleteProfile?hasPassword=no']) {
      const view = shell(path);
      expect(await page('Signin')).toBeTruthy();
      expect(view.location()).toBe('/Signin');
      expect(view.locationState()).toEqual({ from: path });
      view.unmount();
    }
  });

  it("shows 'Loading Solvr...' while the session loads, then the page for the session", async () => {
    const held = heldReply(SIGNED_OUT);
    shell('/Help', held.route);
    expect((await screen.findByText('Loading Solvr...')).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    held.release();
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.access.deniedTitle })).toBeTruthy();
    expect(screen.queryByText('Loading Solvr...')).toBeNull();
  });

  it('page titles are real titles; a signed-in page a visitor may not see is titled Access Denied', async () => {
    for (const [path, title, session] of [
      ['/Signin', 'Sign in | Solvr', SIGNED_OUT],
      ['/Signup', 'Sign up | Solvr', SIGNED_OUT],
      ['/howitworks', 'How it works | Solvr', SIGNED_OUT],
      ['/NewsPage', 'News | Solvr', SIGNED_OUT],
      ['/Help', `${MESSAGES.access.deniedTitle} | Solvr`, SIGNED_OUT],
      ['/Help', 'Help | Solvr', SIGNED_IN],
    ] as const) {
      const view = shell(path, session);
      await screen.findByRole('heading', { level: 1 });
      await waitFor(() => expect(document.title).toBe(title));
      view.unmount();
    }
  });

  it("private pages (the route table's isPrivatePage) tell search engines not to list them, also after a move", async () => {
    const robots = () => document.head.querySelectorAll('meta[name="robots"]');
    shell('/Landing');
    await page('Landing');
    expect(robots()).toHaveLength(0);
    for (const [path, name] of [
      ['/Signin', 'Signin'],
      ['/Unsubscribe?token=t', 'Unsubscribe'],
      ['/ResetPassword?token=t', 'ResetPassword'],
      ['/About', 'About'],
      ['/Dashboard', 'Signin'],
      ['/HowItWorks', 'HowItWorks'],
    ] as const) {
      goTo(path);
      await page(name);
      const noindex = !['/About', '/HowItWorks'].includes(path);
      await waitFor(() => expect([path, [...robots()].map((m) => m.getAttribute('content'))]).toEqual([path, noindex ? ['noindex'] : []]));
    }
  });
});
