import { screen, within } from '@testing-library/react';
import { DEFAULT_BRAND, DEFAULT_PUBLIC_CONFIG, type NewsList } from '@solvr/contracts';
import { fakeApi, renderWithStore } from '@solvr/web-accounts/testing';
import About from './About';
import HowItWorks from './HowItWorks';
import Landing from './Landing';
import Proof from './Proof';

const text = () => document.body.textContent ?? '';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

describe('Landing (spec sections 1 and 2)', () => {
  it("gives Landing's own readings of the claims (5 to 10 seconds, 1500+), with Try Now to sign-in and How It Works", async () => {
    server = fakeApi({ 'GET /news': { status: 200, body: { items: [], total: 0, page: 1, limit: 3 } satisfies NewsList } });
    renderWithStore(<Landing />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ace your coding interviews with Solvr' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Try Now' }).getAttribute('href')).toBe('/Signin');
    expect(main.getByRole('link', { name: 'How It Works' }).getAttribute('href')).toBe('/HowItWorks');
    // The news has loaded (none yet): the page is complete.
    await main.findByText('No news available');
    expect(text()).toContain('5 to 10 seconds');
    expect(text()).toContain('1500+');
    expect(text()).not.toMatch(/1,200|under 5 seconds|about 20 seconds/);
  });
});

describe('How It Works (spec section 2)', () => {
  it('back to home, four steps, four benefit cards, proven results with its own readings, Get Started to sign-up', () => {
    renderWithStore(<HowItWorks />);
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/Landing');
    expect(screen.getByRole('heading', { level: 1, name: 'How It Works' })).toBeTruthy();
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('h3')?.textContent)).toEqual([
      '1. Download and install',
      '2. Take a screenshot',
      '3. AI processing',
      '4. Discreet overlay',
    ]);
    const benefits = screen.getByRole('heading', { level: 2, name: 'Why candidates use it' }).parentElement as HTMLElement;
    expect(benefits.querySelectorAll('.ui-card')).toHaveLength(4);
    const results = screen.getByRole('heading', { level: 2, name: 'Proven results' }).parentElement as HTMLElement;
    expect(results.textContent).toContain('Over 1,200');
    expect(results.textContent).toContain('300+');
    expect(results.textContent).toContain('98%');
    expect(text()).toContain('under 5 seconds');
    expect(text()).not.toMatch(/about 20 seconds|5 to 10 seconds|1500\+/);
    expect(screen.getByRole('link', { name: "Get Started Now - It's Free" }).getAttribute('href')).toBe('/Signup');
  });
});

describe('Proof (spec section 2)', () => {
  it('embeds the configured demo video lazily with a title and a plain link to it, three cards and Start for FREE', () => {
    renderWithStore(<Proof />, { publicConfig: { ...DEFAULT_PUBLIC_CONFIG, proofVideoId: 'dQw4w9WgXcQ' } });
    const frame = screen.getByTitle(`${DEFAULT_BRAND.product} demo video`);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('link', { name: 'Watch the demo video on YouTube' }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '100% undetectable',
      'Lightning-fast solutions',
      'Discreet and non-intrusive',
    ]);
    expect(text()).toContain('under 5 seconds');
    expect(text()).not.toMatch(/about 20 seconds|5 to 10 seconds/);
    expect(screen.getByRole('link', { name: 'Start for FREE' }).getAttribute('href')).toBe('/Signin');
  });

  it('shows no video frame when no video is configured (the default), and the rest of the page', () => {
    renderWithStore(<Proof />);
    expect(document.querySelector('iframe, figure')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Watch the demo video on YouTube' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'See it in action' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Start for FREE' }).getAttribute('href')).toBe('/Signin');
  });
});

describe('About (spec section 2)', () => {
  it('mission, three values, two team cards, the contact block from the brand and Get Started', () => {
    const brand = { ...DEFAULT_BRAND, supportEmail: 'help@acme.test', phone: '+1 (555) 000-1111', office: 'Vancouver, BC' };
    renderWithStore(<About />, { publicConfig: { ...DEFAULT_PUBLIC_CONFIG, brand } });
    expect(screen.getByRole('heading', { level: 2, name: 'Our mission' })).toBeTruthy();
    const values = screen.getByRole('heading', { level: 2, name: 'What we stand for' }).parentElement as HTMLElement;
    expect([...values.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['Stealth', 'Answers within 5 seconds', 'Correct answers']);
    const team = screen.getByRole('heading', { level: 2, name: 'Our team' }).parentElement as HTMLElement;
    expect(team.querySelectorAll('.ui-card')).toHaveLength(2);
    const contact = screen.getByRole('heading', { level: 2, name: 'Contact us' }).parentElement as HTMLElement;
    expect(within(contact).getByRole('link', { name: 'help@acme.test' }).getAttribute('href')).toBe('mailto:help@acme.test');
    expect(within(contact).getByRole('link', { name: '+1 (555) 000-1111' }).getAttribute('href')).toBe('tel:+15550001111');
    expect(contact.textContent).toContain('Vancouver, BC');
    expect(within(contact).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/Signup');
    expect(text()).toContain('under 5 seconds');
    expect(text()).not.toMatch(/about 20 seconds|5 to 10 seconds/);
  });
});
