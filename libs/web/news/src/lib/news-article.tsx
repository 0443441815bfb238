import { useId } from 'react';
import { Link } from 'wouter';
import { formatLongDate, formatTime, NEWS_TEXTS, type NewsView } from '@solvr/contracts';
import { Badge } from '@solvr/web-ui';
import { NewsContent } from './news-content';
import { newsPostPath } from './news-path';
import { authorOf, type HeadingLevel } from './parts';

export interface NewsArticleProps {
  post: NewsView;
  /** The author shown when the post has none (spec section 9: the team name). */
  teamName: string;
  /** h1 when the post is the page (?post=slug), h2 in the list. */
  headingLevel?: HeadingLevel;
  /** In the list, the title links to the post's own (shareable) address. */
  linkTitle?: boolean;
  /** Dates in this time zone (a server renderer passes the reader's); default the browser's. */
  timeZone?: string;
}

/**
 * A post of the public news page (spec section 2): date 'MMMM d, yyyy' and time 'h:mm a', 'By {author}', the
 * Featured badge, the title, the excerpt and the HTML content.
 */
export function NewsArticle({ post, teamName, headingLevel: H = 'h2', linkTitle = false, timeZone }: NewsArticleProps) {
  const titleId = useId();
  const excerpt = post.excerpt.trim();
  return (
    <article className="ui-card nw-article" aria-labelledby={titleId}>
      <header className="nw-article-head">
        <div className="nw-meta">
          <time dateTime={post.created_date} className="nw-date">
            <span>{formatLongDate(post.created_date, timeZone)}</span>
            <span aria-hidden="true"> · </span>
            <span className="ui-sr-only">, </span>
            <span>{formatTime(post.created_date, timeZone)}</span>
          </time>
          {post.is_featured && <Badge>{NEWS_TEXTS.featured}</Badge>}
        </div>
        <H id={titleId} className="nw-article-title" tabIndex={H === 'h1' ? -1 : undefined}>
          {linkTitle ? <Link to={newsPostPath(post.slug)}>{post.title}</Link> : post.title}
        </H>
        <p className="nw-author">{NEWS_TEXTS.by(authorOf(post, teamName))}</p>
      </header>
      {/* The written excerpt only: the fallback excerpt would repeat the start of the content shown right below. */}
      {excerpt && <p className="nw-lead">{excerpt}</p>}
      {/* The HTML content, inserted as it is: the api sanitises news HTML when it is written. */}
      <NewsContent html={post.content} />
    </article>
  );
}
