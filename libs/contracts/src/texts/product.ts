/**
 * Spec section 1, "What the product does and for whom": the desktop tool as the site describes it, and the marketing
 * claims. One source for the public pages (marketing remote) and the signed-in Help page (portal remote).
 */

/**
 * The claims, each with the page reading the spec gives it (the spec notes they differ between pages and asks for
 * every reading): answer time about 20 seconds on Help, under 5 seconds on How It Works, About and Proof, 5 to 10
 * seconds on Landing; 1500+ interviews on Landing, over 1,200 on Help and How It Works.
 */
export const CLAIMS = {
  undetected: 'Currently Working & Undetected',
  /** Landing. */
  interviewsLanding: '1500+',
  /** Help and How It Works. */
  interviewsHelp: 'over 1,200',
  offers: '300+',
  successRate: '98%',
  /** Landing. */
  answerTimeLanding: '5 to 10 seconds',
  /** How It Works, About, Proof. */
  answerTime: 'under 5 seconds',
  /** Help. */
  answerTimeHelp: 'about 20 seconds',
  free: '100% free',
  freeToStart: 'Free to start',
  faang: 'FAANG-level companies',
} as const;

/** A hotkey of the desktop app as the Help page lists it (spec section 1). */
export interface Hotkey {
  id: string;
  action: string;
  what: string;
}

export const PRODUCT_TEXTS = {
  /** How the tool works, in the spec's words. */
  workflow:
    'Take a screenshot of a coding question with a hotkey, then press a second hotkey and an AI produces an optimized solution.',
  overlay: 'The solution appears in a discreet overlay that is invisible to screen sharing, recording and assessment tools.',
  explanation: 'Each answer comes with an explanation of the approach, the data structures used and Big O analysis.',
  languages: 'Python, JavaScript/TypeScript, Java, C++, Go, C# and more',
  selectedLanguageOnly: 'Solutions come in the currently selected language only.',
  copyAndComments: 'Solutions have a copy button and show comments at the top that you can read to the interviewer.',
  reportIssue: 'Use the Report Issue feature inside the desktop app to tell us about a problem or a wrong answer.',
  /** Spec section 1: the Windows installer (1.0.20); macOS announced as coming, Linux as maybe. */
  platforms: 'A Windows installer is available (version 1.0.20). macOS is coming; Linux maybe.',
  systemDesign: `A system-design interview mode is in development (answers in ${CLAIMS.answerTimeHelp}).`,
  /** Spec section 1: "screenshot, solve or debug, reset, transparency up and down, window size up and down". */
  hotkeys: [
    { id: 'screenshot', action: 'Screenshot', what: 'Captures the coding question on your screen.' },
    { id: 'solve', action: 'Solve or debug', what: 'Produces an optimized solution from your screenshots, or debugs the current one.' },
    { id: 'reset', action: 'Reset', what: 'Clears the screenshots and the solution to start a new question.' },
    { id: 'transparency-up', action: 'Transparency up', what: 'Makes the overlay more see-through.' },
    { id: 'transparency-down', action: 'Transparency down', what: 'Makes the overlay less see-through.' },
    { id: 'size-up', action: 'Window size up', what: 'Makes the overlay larger.' },
    { id: 'size-down', action: 'Window size down', what: 'Makes the overlay smaller.' },
  ] as readonly Hotkey[],
} as const;
