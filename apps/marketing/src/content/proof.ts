import { MARKETING_TEXTS as S, PRODUCT_TEXTS as P } from '@solvr/contracts';
import type { ProofContent } from './types';

const [undetectable, fast, discreet] = S.proof.cards;

/** Proof (spec section 2): the demo video, three feature cards (answer time here: under 5 seconds), Start for FREE. */
export const PROOF: ProofContent = {
  title: 'See it in action',
  lead: (b) => `Watch ${b.product} solve a live coding question: screenshot, solve, and the answer in the overlay.`,
  videoTitle: (b) => S.proof.videoTitle(b.product),
  watchFallback: S.proof.watchOnYouTube,
  cards: [
    { title: undetectable, text: 'The overlay is invisible to screen sharing, recording and assessment tools.' },
    { title: fast, text: `Optimized solutions in ${S.claims.answerTime}, with the approach, data structures and Big O explained.` },
    { title: discreet, text: `Hotkeys only, and a discreet overlay you can make smaller and more see-through. ${P.selectedLanguageOnly}` },
  ],
  startFree: S.proof.startFree,
};
