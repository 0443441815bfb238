import { MARKETING_TEXTS as S } from '@solvr/contracts';
import type { ProofContent } from './types';

const [undetectable, fast, discreet] = S.proof.cards;

export const PROOF: ProofContent = {
  title: 'See it in action',
  videoLabel: 'Demo video',
  cards: [
    { title: undetectable, text: 'The overlay stays out of screen sharing, recording and assessment tools.' },
    { title: fast, text: `Solutions in ${S.claims.answerTime}.` },
    { title: discreet, text: 'Hotkeys only; nothing on screen your interviewer sees.' },
  ],
  startFree: S.proof.startFree,
};
