import { MARKETING_TEXTS as S, pageDef } from '@solvr/contracts';
import type { LandingContent } from './types';

const { claims } = S;

export const LANDING: LandingContent = {
  eyebrow: claims.undetected,
  title: (b) => `Ace your coding interviews with ${b.product}`,
  lead: `A ${claims.free} desktop assistant for live coding interviews: answers in ${claims.answerTimeLanding}, ${claims.interviewsLanding} interviews passed, ${claims.offers} offers at ${claims.faang}, a ${claims.successRate} success rate.`,
  tryNow: S.landing.tryNow,
  howItWorks: pageDef('HowItWorks').label,
  features: [
    { title: 'Screenshot to solution', text: 'Capture the question with one hotkey; a second hotkey produces an optimized solution.' },
    { title: 'Discreet overlay', text: 'Answers appear in an overlay designed to stay out of screen sharing and recordings.' },
    { title: 'Explained answers', text: 'Every answer explains the approach, the data structures used and its Big O.' },
    { title: 'Your language', text: 'Python, JavaScript/TypeScript, Java, C++, Go, C# and more, with a copy button.' },
  ],
  latestUpdates: S.landing.latestUpdates,
  viewAllNews: S.landing.viewAllNews,
  noNews: S.noNews,
};
