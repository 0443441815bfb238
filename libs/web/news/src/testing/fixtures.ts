import type { NewsList, NewsView } from '@solvr/contracts';

/** A published post as the api returns it; noon UTC, so its date is the same in every time zone a test runs in. */
export function newsFixture(overrides: Partial<NewsView> = {}): NewsView {
  return {
    id: 'n-1',
    slug: 'platform-launch',
    title: 'Platform Launch',
    excerpt: 'The platform is live.',
    content: '<p>The platform is <strong>live</strong>.</p>',
    author: 'Jane Doe',
    is_featured: false,
    is_published: true,
    created_date: '2025-08-05T12:00:00.000Z',
    updated_date: '2025-08-05T12:00:00.000Z',
    ...overrides,
  };
}

export function newsListFixture(items: NewsView[], page = 1, limit = 10, total = items.length): NewsList {
  return { items, total, page, limit };
}
