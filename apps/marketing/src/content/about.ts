import { MARKETING_TEXTS as S } from '@solvr/contracts';
import type { AboutContent } from './types';

const A = S.about;
const [stealth, fast, correct] = A.values;

/** About (spec section 2): mission, three values (answer time here: under 5 seconds), two team cards, contact. */
export const ABOUT: AboutContent = {
  title: (b) => `About ${b.product}`,
  missionTitle: A.mission,
  mission: (b) =>
    `${b.product} gives every candidate a calm, fair shot in live coding interviews: a free desktop tool that turns a screenshot of the question into an explained, optimized solution in ${S.claims.answerTime}.`,
  valuesTitle: 'What we stand for',
  values: [
    { title: stealth, text: 'A discreet overlay that stays invisible to screen sharing, recording and assessment tools.' },
    { title: fast, text: `From screenshot to explained solution in ${S.claims.answerTime}.` },
    { title: correct, text: 'Optimized solutions with the approach, the data structures used and Big O analysis.' },
  ],
  teamTitle: A.team,
  team: [
    { name: 'Maya Chen', role: 'Co-founder, Engineering', bio: 'Former big-tech engineer who sat on both sides of the interview table.' },
    { name: 'Daniel Okafor', role: 'Co-founder, Product', bio: 'Helps candidates turn practice into offers.' },
  ],
  contactTitle: A.contact,
  contact: { support: A.supportEmail, phone: A.phone, office: A.office },
  getStarted: A.getStarted,
};
