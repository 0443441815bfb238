/**
 * Spec texts of the public pages (spec sections 1, 2 and 9), verbatim. The marketing remote's content files
 * build the page copy around them.
 */
export const MARKETING_TEXTS = {
  /** Marketing claims; the spec notes they differ between pages, and we show each page's reading. */
  claims: {
    undetected: 'Currently Working & Undetected',
    interviewsLanding: '1500+',
    interviewsHowItWorks: '1,200+',
    offers: '300+',
    successRate: '98%',
    answerTimeLanding: '5 to 10 seconds',
    answerTime: 'under 5 seconds',
    freeToStart: 'Free to start',
    faang: 'FAANG-level companies',
  },
  landing: {
    tryNow: 'Try Now',
    latestUpdates: 'Latest Updates',
    viewAllNews: 'View All News',
  },
  noNews: { title: 'No news available', description: 'Check back later for updates and announcements.' },
  news: {
    title: 'Latest News & Updates',
    // Ours (the spec has no wording for these):
    loading: 'Loading news…',
    backToAll: 'Back to all news',
    notFoundTitle: 'News post not found',
    loadFailed: 'This news post could not be loaded. Please try again later.',
    pagesLabel: 'News pages',
    previous: 'Newer posts',
    next: 'Older posts',
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  howItWorks: { title: 'How It Works', getStarted: "Get Started Now - It's Free" },
  proof: {
    startFree: 'Start for FREE',
    cards: ['100% undetectable', 'Lightning-fast solutions', 'Discreet and non-intrusive'],
  },
  about: { getStarted: 'Get Started' },
} as const;
