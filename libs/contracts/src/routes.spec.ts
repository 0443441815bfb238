import { DEFAULT_BRAND } from './brand';
import { createPageUrl, isPlaceholder, isPrivatePage, NAV, pageDef, PAGES, pageTitle, pathTo, publicNav, resolvePage, signedInNav, type NavLink } from './routes';

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
  it('never throws on a path it cannot decode (a lone %): it falls back like any unknown segment', () => {
    for (const p of ['/%', '/50%off', '/%E0%A4%A', '/a/%zz']) expect(resolvePage(p, 'Solvr').page).toBe('Landing');
    expect(resolvePage('/News%50age', 'Solvr').page).toBe('NewsPage');
  });
  it('uses the configured product name in the download route', () => {
    expect(resolvePage('/SolvrDownload', 'Solvr').page).toBe('ProductDownload');
    expect(resolvePage('/acmedownload', 'Acme').page).toBe('ProductDownload');
    expect(resolvePage('/SolvrDownload', 'Acme').page).toBe('Landing');
  });
});

describe('pageTitle', () => {
  it('gives every page a real title, not its route segment', () => {
    expect(pageTitle(pageDef('Signin'), 'Solvr')).toBe('Sign in | Solvr');
    expect(pageTitle(pageDef('HowItWorks'), 'Solvr')).toBe('How it works | Solvr');
    expect(pageTitle(pageDef('ProductDownload'), 'Acme')).toBe('Download Acme | Acme');
    expect(Object.fromEntries(PAGES.map((p) => [p.page, pageTitle(p, 'Solvr')]))).toEqual({
      Landing: 'Ace your coding interviews | Solvr',
      Signin: 'Sign in | Solvr',
      Signup: 'Sign up | Solvr',
      Unsubscribe: 'E-mail preferences | Solvr',
      VerifyYourEmail: 'Email confirmation | Solvr',
      VerifyThankYou: 'Check your email | Solvr',
      ResetPassword: 'Reset your password | Solvr',
      NewsPage: 'News | Solvr',
      About: 'About | Solvr',
      Proof: 'Proof | Solvr',
      HowItWorks: 'How it works | Solvr',
      Releases: 'Release history | Solvr',
      Dashboard: 'Dashboard | Solvr',
      CompleteProfile: 'Complete your profile | Solvr',
      ProductDownload: 'Download Solvr | Solvr',
      Downloads: 'Downloads | Solvr',
      MigrationGuide: 'Self-hosting migration guide | Solvr',
      Help: 'Help | Solvr',
      Contact: 'Contact | Solvr',
      PaymentSuccess: 'Your payment | Solvr',
      PaymentCancelled: 'Payment cancelled | Solvr',
      Admin: 'Admin dashboard | Solvr',
    });
  });
});

describe('isPrivatePage', () => {
  it('leaves only the public content pages to search engines: not the account steps, Unsubscribe or signed-in pages', () => {
    expect(PAGES.filter((p) => !isPrivatePage(p)).map((p) => p.page)).toEqual(['Landing', 'NewsPage', 'About', 'Proof', 'HowItWorks', 'Releases']);
    expect(PAGES.filter((p) => p.access === 'public' && isPrivatePage(p)).map((p) => p.page)).toEqual([
      'Signin',
      'Signup',
      'VerifyYourEmail',
      'VerifyThankYou',
      'ResetPassword',
      'Unsubscribe',
    ]);
  });
});

describe('pathTo', () => {
  it('builds the path of every page from its segment', () => {
    expect(pathTo('Landing')).toBe('/Landing');
    expect(pathTo('Signin')).toBe('/Signin');
    expect(pathTo('NewsPage')).toBe('/NewsPage');
    expect(pathTo('Admin')).toBe('/Admin');
    for (const p of PAGES) expect(resolvePage(pathTo(p.page, 'Acme'), 'Acme').page).toBe(p.page);
  });
  it('puts the product name into {product}Download, the default brand when none is given', () => {
    expect(pathTo('ProductDownload', 'Acme')).toBe('/AcmeDownload');
    expect(pathTo('ProductDownload')).toBe(`/${DEFAULT_BRAND.product}Download`);
  });
  it('adds the query, leaving out absent values and encoding the rest', () => {
    expect(pathTo('CompleteProfile', undefined, { hasPassword: 'no' })).toBe('/CompleteProfile?hasPassword=no');
    expect(pathTo('CompleteProfile', undefined, { hasPassword: 'yes' })).toBe('/CompleteProfile?hasPassword=yes');
    expect(pathTo('Signin', undefined, { error: 'google-unverified' })).toBe('/Signin?error=google-unverified');
    expect(pathTo('Signin', undefined, {})).toBe('/Signin');
    expect(pathTo('ResetPassword', 'Solvr', { token: 'a+b/c=' })).toBe('/ResetPassword?token=a%2Bb%2Fc%3D');
  });
});

describe('NAV', () => {
  const labels = (links: readonly NavLink[]) => links.map((l) => l.label);
  const paths = (links: readonly NavLink[]) => links.map((l) => pathTo(l.page));

  it('signed-in header: Dashboard, Downloads, Help, Contact, and Admin only for admins', () => {
    expect(labels(signedInNav('user'))).toEqual(['Dashboard', 'Downloads', 'Help', 'Contact']);
    expect(labels(signedInNav(undefined))).toEqual(['Dashboard', 'Downloads', 'Help', 'Contact']);
    expect(labels(signedInNav('admin'))).toEqual(['Dashboard', 'Downloads', 'Help', 'Contact', 'Admin']);
    expect(paths(signedInNav('admin'))).toEqual(['/Dashboard', '/Downloads', '/Help', '/Contact', '/Admin']);
  });

  it('public header: How It Works, PROOF, News, About, Sign In, and Get Started to sign-up', () => {
    expect(labels(NAV.public)).toEqual(['How It Works', 'PROOF', 'News', 'About', 'Sign In']);
    expect(paths(NAV.public)).toEqual(['/HowItWorks', '/Proof', '/NewsPage', '/About', '/Signin']);
    expect(NAV.publicCta).toEqual({ page: 'Signup', label: 'Get Started' });
  });

  it('public header while signed in: the Dashboard instead of Sign In', () => {
    expect(publicNav(false)).toBe(NAV.public);
    expect(labels(publicNav(true))).toEqual(['How It Works', 'PROOF', 'News', 'About', 'Dashboard']);
    expect(paths(publicNav(true))).toEqual(['/HowItWorks', '/Proof', '/NewsPage', '/About', '/Dashboard']);
  });

  it('footer: Product and Company columns with the placeholders of the spec', () => {
    const footer = NAV.footer.map((g) => ({
      title: g.title,
      links: g.links.map((l) => (isPlaceholder(l) ? `${l.label} ${l.href}` : `${l.label} ${pathTo(l.page)}`)),
    }));
    expect(footer).toEqual([
      { title: 'Product', links: ['How It Works /HowItWorks', 'Releases /Releases', 'Pricing #pricing', 'API Docs #api-docs', 'Integrations #integrations'] },
      { title: 'Company', links: ['About /About', 'Blog /NewsPage', 'Careers #careers'] },
    ]);
  });

  it('every signed-in header page needs a session and shows the header; public header pages are public', () => {
    for (const l of signedInNav('admin')) expect(pageDef(l.page)).toMatchObject({ bare: false });
    for (const l of [...NAV.public, NAV.publicCta]) expect(pageDef(l.page).access).toBe('public');
  });
});
