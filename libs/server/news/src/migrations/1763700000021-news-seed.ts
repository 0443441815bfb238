import { MigrationInterface, QueryRunner } from 'typeorm';

// Spec section 2: a new site's Dashboard shows a launch announcement (Aug 5, 2025) and three news items. They are
// real posts, so an admin edits or deletes them like any other. Frozen data: later text changes do not touch it.
// The author is empty: pages show the configured team name for it.
export const SEEDED_NEWS = [
  {
    id: '00000000-0000-4000-8000-00000000a704',
    slug: 'platform-launch',
    title: 'Platform Launch',
    excerpt: 'The Windows installer is out. macOS is coming; Linux maybe.',
    content: '<p>The Windows installer is out: download it from your Dashboard. macOS is coming; Linux maybe.</p>',
    featured: true,
    date: '2025-07-04T12:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-00000000a711',
    slug: 'system-design-coming-soon',
    title: 'System Design Coming Soon',
    excerpt: 'A system-design interview mode is in development, with answers in about 20 seconds.',
    content: '<p>A system-design interview mode is in development, with answers in about 20 seconds.</p>',
    featured: false,
    date: '2025-07-11T12:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-00000000a726',
    slug: 'new-dashboard-features',
    title: 'New Dashboard Features',
    excerpt: 'Your files, your downloads and the latest news, all in one place.',
    content: '<p>Your files, your downloads and the latest news, all in one place.</p>',
    featured: false,
    date: '2025-07-26T12:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-00000000a805',
    slug: 'now-available-for-windows',
    title: 'Now available for Windows',
    excerpt: 'The desktop app is now available for Windows. Download the installer from your Dashboard.',
    content:
      '<p>The desktop app is now available for Windows. Download the installer from your Dashboard, browse your files in the Downloads library and follow the news here for what comes next.</p>',
    featured: false,
    date: '2025-08-05T12:00:00.000Z',
  },
] as const;

export class NewsSeed1763700000021 implements MigrationInterface {
  name = 'NewsSeed1763700000021';

  async up(q: QueryRunner): Promise<void> {
    for (const post of SEEDED_NEWS) {
      // The same literal both drivers store for a datetime(3) column: 'YYYY-MM-DD hh:mm:ss.SSS' in UTC.
      const date = post.date.replace('T', ' ').replace('Z', '');
      await q.query(
        'INSERT INTO news (id, slug, title, excerpt, content, author, is_featured, is_published, created_by, created_date, updated_date) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [post.id, post.slug, post.title, post.excerpt, post.content, '', post.featured ? 1 : 0, 1, null, date, date],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM news WHERE id IN (${SEEDED_NEWS.map(() => '?').join(', ')})`, SEEDED_NEWS.map((p) => p.id));
  }
}
