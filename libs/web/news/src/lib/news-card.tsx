import { useId } from 'react';
import { Link } from 'wouter';
import { formatListDate, NEWS_TEXTS, newsExcerpt, type NewsView } from '@solvr/contracts';
import { Badge } from '@solvr/web-ui';
import { newsPostPath } from './news-path';
import { authorOf, type HeadingLevel } from './parts';

export interface NewsCardProps {
  post: NewsView;
  /** The author shown when the post has none (spec section 9: the team name). */
  teamName: string;
  headingLevel?: HeadingLevel;
  /** Dates in this time zone (a server renderer passes the reader's); default the browser's. */
  timeZone?: string;
}

/**
 * A post in the Landing's Latest Updates (spec section 2): date 'MMM d, yyyy', the Featured badge, title, excerpt
 * (or the content's first 150 characters), 'By {author}' and a Read more link to the post's own address.
 */
export function NewsCard({ post, teamName, headingLevel: H = 'h3', timeZone }: NewsCardProps) {
  const titleId = useId();
  return (
    <article className="ui-card nw-card" aria-labelledby={titleId}>
      <div className="nw-card-body">
        <div className="nw-meta">
          <time dateTime={post.created_date} className="nw-date">
            {formatListDate(post.created_date, timeZone)}
          </time>
          {post.is_featured && <Badge>{NEWS_TEXTS.featured}</Badge>}
        </div>
        <H id={titleId} className="nw-card-title">
          {post.title}
        </H>
        <p className="nw-excerpt">{newsExcerpt(post)}</p>
        <div className="nw-card-foot">
          <span className="nw-author">{NEWS_TEXTS.by(authorOf(post, teamName))}</span>
          {/* It shows the spec's 'Read more'; its name, beginning with those words, says which post it opens. */}
          <Link to={newsPostPath(post.slug)} className="nw-read-more" aria-label={NEWS_TEXTS.readMoreAbout(post.title)}>
            {NEWS_TEXTS.readMore}
          </Link>
        </div>
      </div>
    </article>
  );
}
