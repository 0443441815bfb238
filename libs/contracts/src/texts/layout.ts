/** Texts of the shell's signed-in header and the public header and footer (link labels are in NAV). */
export const LAYOUT_TEXTS = {
  /** Accessible names of the menus (the signed-in header's and the public one). */
  mainNav: 'Main',
  publicNav: 'Public',
  toggleMenu: 'Toggle menu',
  /** The first stop of the keyboard: jumps over the header to the page. */
  skipToContent: 'Skip to content',
  copyright: (year: number, team: string) => `© ${year} ${team}. All rights reserved.`,
  /** Spec section 2: the footer's description of a file distribution platform. */
  footerDescription: (product: string) => `A file distribution platform for the ${product} desktop app: installers, updates and guides in one place.`,
  /** The mark on a footer item the spec shows without a page behind it (Pricing, API Docs, Integrations, Careers). */
  comingSoon: 'Coming soon',
} as const;
