import type { Brand } from '@solvr/contracts';

/** Copy that names the product or the team is a function of the configured brand. */
export type BrandText = (brand: Brand) => string;

export interface CardCopy {
  title: string;
  text: string;
}

export interface StatCopy {
  label: string;
  value: string;
}

export interface LandingContent {
  eyebrow: string;
  title: BrandText;
  lead: string;
  tryNow: string;
  howItWorks: string;
  features: CardCopy[];
  latestUpdates: string;
  viewAllNews: string;
  noNews: { title: string; description: string };
}

export interface HowItWorksContent {
  title: string;
  steps: CardCopy[];
  benefits: string[];
  stats: StatCopy[];
  getStarted: string;
}

export interface ProofContent {
  title: string;
  videoLabel: string;
  cards: CardCopy[];
  startFree: string;
}

export interface AboutContent {
  title: BrandText;
  mission: string;
  values: CardCopy[];
  teamTitle: string;
  team: Array<{ name: string; role: string; bio: string }>;
  contactTitle: string;
  contact: { support: string; phone: string; office: string };
  getStarted: string;
}

export interface NewsContent {
  title: string;
  noNews: { title: string; description: string };
  ctaTitle: string;
  ctaButton: string;
}

export interface PublicLayoutContent {
  footerDescription: BrandText;
  copyright: (year: number, brand: Brand) => string;
}
