import { Link } from 'wouter';
import { MARKETING_TEXTS, NEWS_TEXTS } from '@solvr/contracts';
import { Alert } from '@solvr/web-ui';
import { NewsArticle } from './news-article';
import { newsListPath } from './news-path';
import { NewsSkeletons } from './parts';
import type { NewsPostState } from './use-news';

const T = MARKETING_TEXTS.news;

export interface NewsPostViewProps {
  state: NewsPostState;
  teamName: string;
  /** The page's heading when the post could not be loaded. */
  pageTitle?: string;
  timeZone?: string;
}

function BackLink() {
  return (
    <Link to={newsListPath()} className="nw-back">
      <span aria-hidden="true">← </span>
      {T.backToAll}
    </Link>
  );
}

/** One post on its own address (/NewsPage?post={slug}): the post, a clear 'not found', or a load failure; always a way back. */
export function NewsPostView({ state, teamName, pageTitle = T.title, timeZone }: NewsPostViewProps) {
  switch (state.status) {
    case 'found':
      return (
        <div className="nw-single">
          <BackLink />
          <NewsArticle post={state.post} teamName={teamName} headingLevel="h1" timeZone={timeZone} />
        </div>
      );
    case 'not-found':
      return (
        <div className="nw-single">
          <h1 tabIndex={-1}>{T.notFoundTitle}</h1>
          <p className="nw-muted">{NEWS_TEXTS.notFound}</p>
          <BackLink />
        </div>
      );
    case 'failed':
      return (
        <div className="nw-single">
          <h1 tabIndex={-1}>{pageTitle}</h1>
          <Alert variant="error">{T.loadFailed}</Alert>
          <BackLink />
        </div>
      );
    default:
      return (
        // No heading yet: the shell moves the focus to the page's h1 once the real one is there.
        <div className="nw-single">
          <NewsSkeletons count={1} lines={6} />
        </div>
      );
  }
}
