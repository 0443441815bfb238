// The marketing area as the server renderer loads it (apps/shell/webpack.ssr.config.js): its pages, and the data
// each page renders with. The browser loads the same pages through Module Federation.
import { LIMITS, type SsrDataSource } from '@solvr/contracts';
import { latestNewsSsr, publicNewsSsr, type NewsSsrData } from '@solvr/web-news';
import { build, pages, preload, probe } from './remote-module';

export { build, pages, preload, probe };

export async function pageData(page: string, search: URLSearchParams, product: string, source: SsrDataSource): Promise<NewsSsrData> {
  switch (page) {
    case 'Landing':
      return latestNewsSsr(LIMITS.landingNewsCount, source);
    case 'NewsPage':
      return publicNewsSsr(search, product, source);
    default:
      return { queries: [] };
  }
}
