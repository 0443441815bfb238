import { createPageUrl, resolvePage } from './routes';

describe('createPageUrl', () => {
  it('lower-cases, turns spaces into hyphens and adds a leading slash', () => {
    expect(createPageUrl('How It Works')).toBe('/how-it-works');
    expect(createPageUrl('Dashboard')).toBe('/dashboard');
    expect(createPageUrl('News Page  Two')).toBe('/news-page--two');
  });
});

describe('resolvePage', () => {
  it('matches the last segment case-insensitively', () => {
    for (const p of ['/Landing', '/landing', '/LANDING']) expect(resolvePage(p, 'Solvr').page).toBe('Landing');
    for (const p of ['/NewsPage', '/newspage', '/a/b/NEWSPAGE']) expect(resolvePage(p, 'Solvr').page).toBe('NewsPage');
  });
  it('falls back to Landing for / and unknown segments', () => {
    expect(resolvePage('/', 'Solvr').page).toBe('Landing');
    expect(resolvePage('/nope', 'Solvr').page).toBe('Landing');
  });
  it('uses the configured product name in the download route', () => {
    expect(resolvePage('/SolvrDownload', 'Solvr').page).toBe('ProductDownload');
    expect(resolvePage('/acmedownload', 'Acme').page).toBe('ProductDownload');
    expect(resolvePage('/SolvrDownload', 'Acme').page).toBe('Landing');
  });
});
