import { LAYOUT_TEXTS } from '@solvr/contracts';
import type { PublicLayoutContent } from './types';

export const PUBLIC_LAYOUT: PublicLayoutContent = {
  footerDescription: (b) => `A file distribution platform for the ${b.product} desktop app: installers, updates and guides in one place.`,
  copyright: (year, b) => LAYOUT_TEXTS.copyright(year, b.team),
};
