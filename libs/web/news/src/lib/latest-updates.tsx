import { LIMITS, type NewsView } from '@solvr/contracts';
import { NewsCard } from './news-card';
import { NewsEmpty, NewsSkeletons, type HeadingLevel } from './parts';

export interface LatestUpdatesProps {
  /** Newest first; undefined (or loading) shows the placeholders. */
  posts: readonly NewsView[] | undefined;
  loading?: boolean;
  teamName: string;
  /** Texts of the empty state; default the spec's 'No news available' / 'Check back later…'. */
  empty?: { title: string; description: string };
  /** Level of each post's title (under the section's own heading). */
  headingLevel?: HeadingLevel;
  timeZone?: string;
}

/** The Landing's Latest Updates list (spec section 2): three placeholder cards while loading, the posts, or the empty state. */
export function LatestUpdates({ posts, loading = false, teamName, empty, headingLevel = 'h3', timeZone }: LatestUpdatesProps) {
  if (loading || !posts) return <NewsSkeletons count={LIMITS.skeletons.news} className="nw-grid" />;
  if (posts.length === 0) return <NewsEmpty title={empty?.title} description={empty?.description} headingLevel={headingLevel} />;
  return (
    <ul className="nw-grid nw-plain-list">
      {posts.map((post) => (
        <li key={post.id}>
          <NewsCard post={post} teamName={teamName} headingLevel={headingLevel} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}
