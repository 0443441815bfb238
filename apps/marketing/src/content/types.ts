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
  lead: BrandText;
  backToHome: string;
  stepsTitle: string;
  steps: CardCopy[];
  benefitsTitle: string;
  benefits: CardCopy[];
  statsTitle: string;
  stats: StatCopy[];
  getStarted: string;
}

export interface ProofContent {
  title: string;
  lead: BrandText;
  videoTitle: BrandText;
  watchFallback: string;
  cards: CardCopy[];
  startFree: string;
}

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
}

export interface AboutContent {
  title: BrandText;
  missionTitle: string;
  mission: BrandText;
  valuesTitle: string;
  values: CardCopy[];
  teamTitle: string;
  /** Two team cards (spec section 2): a named member, role and bio each. */
  team: TeamMember[];
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
