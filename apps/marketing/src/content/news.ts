import { MARKETING_TEXTS as S } from '@solvr/contracts';
import type { NewsContent } from './types';

export const NEWS: NewsContent = {
  title: S.news.title,
  noNews: S.noNews,
  ctaTitle: 'Ready to get started?',
  ctaButton: 'Sign up free',
};
