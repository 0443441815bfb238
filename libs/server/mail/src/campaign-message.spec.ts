import { renderCampaign, UNSUBSCRIBE_LINK } from './campaign-message';

const brand = { product: 'Solvr', team: 'Solvr Team' } as Parameters<typeof renderCampaign>[0];
/** The message's part of the text: before the team's signature. */
const textOf = (message: string) => renderCampaign(brand, message).text.split('\n\nSolvr Team')[0];

describe('a campaign written in Markdown', () => {
  it('has a plain-text part made from it: links written out, list items marked, quotes and code kept', () => {
    expect(textOf('# Big news\n\nSee [the notes](https://example.com/notes) and https://example.com.')).toBe(
      'Big news\n\nSee the notes (https://example.com/notes) and https://example.com.',
    );
    expect(textOf('Steps:\n\n1. one\n2. two\n   - nested\n\nDone')).toBe('Steps:\n\n1. one\n2. two\n  - nested\n\nDone');
    expect(textOf('> quoted\n> twice\n\n```\ncode here\n```')).toBe('> quoted\n> twice\n\ncode here');
    expect(textOf('Line one\nline two')).toBe('Line one\nline two');
  });

  it('has an HTML part made safe: raw HTML shown as text, only web and mail links, the footer with its unsubscribe link', () => {
    const { html } = renderCampaign(brand, 'Hi <img src=x onerror=alert(1)> [x](javascript:alert(1)) **bold**');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain(`href="${UNSUBSCRIBE_LINK}"`);
  });

  it('a campaign from before Markdown renders its paragraphs as written', () => {
    const { html, text } = renderCampaign(brand, 'Hi *there*\n\nBye', 'text');
    expect(html).toContain('Hi *there*');
    expect(html).not.toContain('<em>');
    expect(text.startsWith('Hi *there*\n\nBye')).toBe(true);
  });
});
