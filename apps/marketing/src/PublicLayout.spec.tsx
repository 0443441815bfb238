import { screen, within } from '@testing-library/react';
import { renderWithStore } from '@solvr/web-accounts/testing';
import { PublicLayout } from './PublicLayout';

describe('PublicLayout (spec section 2, public header and footer)', () => {
  it('header: How It Works, PROOF, News, About, Sign In, Get Started', () => {
    renderWithStore(<PublicLayout>page</PublicLayout>);
    const nav = screen.getByRole('navigation', { name: 'Public' });
    expect(within(nav).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['How It Works', '/HowItWorks'],
      ['PROOF', '/Proof'],
      ['News', '/NewsPage'],
      ['About', '/About'],
      ['Sign In', '/Signin'],
      ['Get Started', '/Signup'],
    ]);
  });

  it('footer: Product and Company, the placeholders marked Coming soon and not links, the year, the description', () => {
    renderWithStore(<PublicLayout>page</PublicLayout>);
    const footer = screen.getByRole('contentinfo');
    const column = (title: string) => screen.getByRole('heading', { level: 2, name: title }).parentElement as HTMLElement;
    expect(within(column('Product')).getAllByRole('link').map((l) => l.textContent)).toEqual(['How It Works']);
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
