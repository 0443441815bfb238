import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_BRAND, PORTAL_TEXTS } from '@solvr/contracts';
import { renderWithStore } from '@solvr/web-accounts/testing';
import Help from '../pages/Help';

const T = PORTAL_TEXTS.help;

describe('Help (spec sections 1 and 2)', () => {
  it("gives Help's own readings: answers in about 20 seconds, over 1,200 interviews", () => {
    renderWithStore(<Help />);
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeTruthy();
    const intro = screen.getByText(T.intro(DEFAULT_BRAND.product));
    expect(intro.textContent).toContain('about 20 seconds');
    expect(intro.textContent).toContain('over 1,200 interviews');
    expect(document.body.textContent).not.toMatch(/under 5 seconds|5 to 10 seconds|1500\+/);
  });

  it('the accordion has Getting Started, Usage and Troubleshooting, each with its topics, and works by keyboard', async () => {
    const user = userEvent.setup();
    renderWithStore(<Help />);
    const triggers = ['Getting Started', 'Usage', 'Troubleshooting'].map((name) => screen.getByRole('button', { name }));
    for (const t of triggers) expect(t.getAttribute('aria-expanded')).toBe('false');

    triggers[0].focus();
    await user.keyboard('{Enter}');
    expect(triggers[0].getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Getting Started' });
    for (const topic of ['Installation', 'Running the app', 'Configuration']) expect(panel.textContent).toContain(topic);

    await user.tab();
    expect(document.activeElement).toBe(triggers[1]);
    await user.keyboard(' ');
    expect(triggers[1].getAttribute('aria-expanded')).toBe('true');
    const usage = screen.getByRole('region', { name: 'Usage' });
    for (const topic of ['Solving a question', 'Overlay', 'Supported languages', 'Python, JavaScript/TypeScript, Java, C++, Go, C# and more']) {
      expect(usage.textContent).toContain(topic);
    }

    await user.click(triggers[2]);
    const trouble = screen.getByRole('region', { name: 'Troubleshooting' });
    for (const topic of ['App not starting', 'Overlay not appearing', 'Incorrect answers', 'Report Issue']) expect(trouble.textContent).toContain(topic);
  });

  it('lists every hotkey of spec section 1, and the notes (installer 1.0.20, system design, Report Issue)', () => {
    renderWithStore(<Help />);
    const hotkeys = screen.getByRole('heading', { name: 'Hotkeys' }).closest('.ui-card') as HTMLElement;
    const names = [...hotkeys.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(names).toEqual(['Screenshot', 'Solve or debug', 'Reset', 'Transparency up', 'Transparency down', 'Window size up', 'Window size down']);
    const notes = (screen.getByRole('heading', { name: 'Good to know' }).closest('.ui-card') as HTMLElement).textContent;
    expect(notes).toContain('version 1.0.20');
    expect(notes).toContain('macOS is coming; Linux maybe');
    expect(notes).toContain('system-design interview mode is in development');
    expect(notes).toContain('Report Issue');
  });
});
