import { MARKETING_TEXTS as S } from '@solvr/contracts';
import type { AboutContent } from './types';

export const ABOUT: AboutContent = {
  title: (b) => `About ${b.product}`,
  mission: 'Our mission: give every candidate a calm, fair shot in live coding interviews.',
  values: [
    { title: 'Stealth', text: 'Built to stay out of sight during screen sharing and recordings.' },
    { title: 'Answers within 5 seconds', text: `From screenshot to explained solution in ${S.claims.answerTime}.` },
    { title: 'Correct answers', text: 'Optimized solutions with the reasoning you can walk an interviewer through.' },
  ],
  teamTitle: 'Team',
  team: [
    { name: 'Maya Chen', role: 'Co-founder, Engineering', bio: 'Former big-tech engineer who sat on both sides of the interview table.' },
    { name: 'Daniel Okafor', role: 'Co-founder, Product', bio: 'Helps candidates turn practice into offers.' },
  ],
  contactTitle: 'Contact',
  contact: { support: 'Support', phone: 'Phone', office: 'Office' },
  getStarted: S.about.getStarted,
};
