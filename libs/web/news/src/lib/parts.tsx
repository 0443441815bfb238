import { MARKETING_TEXTS, type NewsView } from '@solvr/contracts';
import { SkeletonCard } from '@solvr/web-ui';

/** Spec section 9: the default author is the team name. */
export function authorOf(post: Pick<NewsView, 'author'>, teamName: string): string {
  return post.author.trim() || teamName;
}

export type HeadingLevel = 'h1' | 'h2' | 'h3';

export interface NewsEmptyProps {
  title?: string;
  description?: string;
  /** The level that fits under the section's heading (the UI kit's EmptyState is always h3). */
  headingLevel?: HeadingLevel;
}

/** Spec section 2: 'No news available' / 'Check back later for updates and announcements.' Same look as EmptyState. */
export function NewsEmpty({ title = MARKETING_TEXTS.noNews.title, description = MARKETING_TEXTS.noNews.description, headingLevel: H = 'h3' }: NewsEmptyProps) {
  return (
    <div className="ui-empty nw-empty">
      <H className="ui-empty-title">{title}</H>
      {description && <p className="ui-empty-description">{description}</p>}
    </div>
  );
}

export interface NewsSkeletonsProps {
  count: number;
  lines?: number;
  className?: string;
}

/** Placeholder cards while news loads (hidden from assistive technology), with a status line that is not. */
export function NewsSkeletons({ count, lines, className }: NewsSkeletonsProps) {
  return (
    <div className={className} aria-busy="true">
      <p role="status" className="ui-sr-only">
        {MARKETING_TEXTS.news.loading}
      </p>
      {Array.from({ length: count }, (_, i) => (
        <SkeletonCard key={i} lines={lines} />
      ))}
    </div>
  );
}
