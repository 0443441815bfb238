import { PageStyles } from './page-styles';

const CSS = [
  ':root{--brand:#123456;--unused:#abcdef}',
  'body{margin:0}',
  '.hero{color:var(--brand);animation:rise 1s}',
  '.admin-table{display:grid}',
  '@keyframes rise{from{opacity:0}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.menu[aria-expanded=true]{outline:1px solid}',
  '.menu:hover{color:red}',
  '@media (max-width:600px){.hero{font-size:2rem}.admin-table{display:block}}',
].join('\n');

const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

describe('PageStyles', () => {
  it("keeps the rules a page's tags, classes and attributes can match, with the variables and keyframes they use", async () => {
    const css = await new PageStyles(CSS).forDocument(page('<h1 class="hero">Hi</h1><button class="menu" aria-expanded="false">Menu</button>'));
    expect(css).toContain('body{margin:0}');
    expect(css).toContain('.hero{color:var(--brand)');
    expect(css).toContain('--brand:#123456');
    expect(css).toContain('@keyframes rise');
    expect(css).toContain('.menu:hover');
    expect(css).toMatch(/@media \(max-width:600px\)\{\.hero\{font-size:2rem\}\}/);
    for (const dropped of ['.admin-table', '--unused', '@keyframes spin', 'aria-expanded=true']) expect(css).not.toContain(dropped);
  });

  it('keeps an attribute state when the page is in it', async () => {
    const css = await new PageStyles(CSS).forDocument(page('<button class="menu" aria-expanded="true">Menu</button>'));
    expect(css).toContain('.menu[aria-expanded=true]');
  });

  it('works a vocabulary out once: pages with the same tags and classes but other words share the result', async () => {
    const styles = new PageStyles(CSS);
    const first = styles.forDocument(page('<h1 class="hero">Spring release</h1>'));
    const second = styles.forDocument(page('<h1 class="hero">Summer release</h1>'));
    expect(second).toBe(first);
    expect(styles.forDocument(page('<table class="admin-table"></table>'))).not.toBe(first);
    expect(await styles.forDocument(page('<table class="admin-table"></table>'))).toContain('.admin-table{display:grid}');
  });
});
