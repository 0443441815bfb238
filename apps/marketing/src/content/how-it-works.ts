import { MARKETING_TEXTS as S, PRODUCT_TEXTS as P } from '@solvr/contracts';
import type { HowItWorksContent } from './types';

const { claims } = S;
const [download, screenshot, processing, overlay] = S.howItWorks.steps;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** How It Works (spec section 2): four steps, four benefit cards, proven results. Answer time here: under 5 seconds. */
export const HOW_IT_WORKS: HowItWorksContent = {
  title: S.howItWorks.title,
  lead: (b) => `${b.product} turns a screenshot of a coding question into an explained, optimized solution in ${claims.answerTime}.`,
  backToHome: S.howItWorks.backToHome,
  stepsTitle: 'Four steps',
  steps: [
    { title: `1. ${download}`, text: `Get the Windows installer from your Dashboard, unzip it and run the .exe installer. macOS is coming; Linux maybe.` },
    { title: `2. ${screenshot}`, text: 'Press the screenshot hotkey while the coding question is on your screen.' },
    { title: `3. ${processing}`, text: `Press the second hotkey: an AI produces an optimized solution in ${claims.answerTime}.` },
    { title: `4. ${overlay}`, text: `${P.overlay} ${P.explanation}` },
  ],
  benefitsTitle: 'Why candidates use it',
  benefits: [
    { title: 'Your language', text: `${P.languages}. ${P.selectedLanguageOnly}` },
    { title: 'Explained answers', text: 'The approach, the data structures used and Big O analysis, with comments you can read to the interviewer.' },
    { title: 'Undetected', text: `${claims.undetected}: the overlay stays out of screen sharing, recording and assessment tools.` },
    { title: claims.freeToStart, text: `${capitalised(claims.free)}: download the installer after signing up.` },
  ],
  statsTitle: S.howItWorks.provenResults,
  stats: [
    { label: 'Interviews passed', value: capitalised(claims.interviewsHelp) },
    { label: `Offers at ${claims.faang}`, value: claims.offers },
    { label: 'Success rate', value: claims.successRate },
  ],
  getStarted: S.howItWorks.getStarted,
};
