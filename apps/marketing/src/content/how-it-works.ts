import { MARKETING_TEXTS as S } from '@solvr/contracts';
import type { HowItWorksContent } from './types';

const { claims } = S;

export const HOW_IT_WORKS: HowItWorksContent = {
  title: S.howItWorks.title,
  steps: [
    { title: '1. Download and install', text: 'Get the Windows installer from your dashboard and run it.' },
    { title: '2. Take a screenshot', text: 'Press the screenshot hotkey on the coding question.' },
    { title: '3. AI processing', text: `Press the solve hotkey; the answer is ready in ${claims.answerTime}.` },
    { title: '4. Discreet overlay', text: 'Read the solution, its explanation and Big O in the overlay.' },
  ],
  benefits: ['Works with every major language', 'Explains the approach', 'Big O analysis included', claims.freeToStart],
  stats: [
    { label: 'Interviews passed', value: claims.interviewsHowItWorks },
    { label: 'Offers', value: claims.offers },
    { label: 'Success rate', value: claims.successRate },
  ],
  getStarted: S.howItWorks.getStarted,
};
