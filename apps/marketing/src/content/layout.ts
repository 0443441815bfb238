import { LAYOUT_TEXTS } from '@solvr/contracts';
import type { PublicLayoutContent } from './types';

export const PUBLIC_LAYOUT: PublicLayoutContent = {
  footerDescription: (b) => LAYOUT_TEXTS.footerDescription(b.product),
  copyright: (year, b) => LAYOUT_TEXTS.copyright(year, b.team),
};
