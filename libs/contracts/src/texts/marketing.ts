import { CLAIMS } from './product';

/** A YouTube video id, as PROOF_VIDEO_ID must be. */
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The demo video of the Proof page, from the PROOF_VIDEO_ID setting (PublicConfig.proofVideoId). The embed uses
 * youtube-nocookie.com, which the shell's Content-Security-Policy allows in frame-src
 * (libs/server/site/src/serve-web.ts) and the news sanitizer accepts (VIDEO_HOSTS).
 */
export function proofVideo(id: string) {
  return {
    embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
    watchUrl: `https://www.youtube.com/watch?v=${id}`,
  } as const;
}

/**
 * Spec texts of the public pages (spec sections 1, 2 and 9), verbatim. The marketing remote's content files
 * build the page copy around them.
 */
export const MARKETING_TEXTS = {
  /** Marketing claims; the spec notes they differ between pages, and we show each page's reading (see CLAIMS). */
  claims: CLAIMS,
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
  howItWorks: {
    title: 'How It Works',
    getStarted: "Get Started Now - It's Free",
    backToHome: 'Back to Home',
    /** Spec: four steps. */
    steps: ['Download and install', 'Take a screenshot', 'AI processing', 'Discreet overlay'],
    provenResults: 'Proven results',
  },
  proof: {
    startFree: 'Start for FREE',
    /** Spec: 100% undetectable, lightning-fast solutions under 5 seconds, discreet and non-intrusive. */
    cards: ['100% undetectable', 'Lightning-fast solutions', 'Discreet and non-intrusive'],
    videoTitle: (product: string) => `${product} demo video`,
    watchOnYouTube: 'Watch the demo video on YouTube',
  },
  about: {
    mission: 'Our mission',
    /** Spec: three values (stealth, answers within 5 seconds, correct answers). */
    values: ['Stealth', 'Answers within 5 seconds', 'Correct answers'],
    team: 'Our team',
    contact: 'Contact us',
    supportEmail: 'Support e-mail',
    phone: 'Phone',
    office: 'Office',
    getStarted: 'Get Started',
  },
} as const;
