import { Link, useLocation } from 'wouter';
import { formatListDate, newsExcerpt, NEWS_TEXTS, pathTo, PORTAL_TEXTS, type NewsView } from '@solvr/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@solvr/web-ui';
import { newsPostPath } from './news-path';
import { NewsEmpty } from './parts';

const T = PORTAL_TEXTS.dashboard;

export interface DashboardNewsProps {
  /** Newest first; undefined while loading. */
  posts: NewsView[] | undefined;
}

/** How many published posts the Dashboard reads (spec section 2: the first of 5 is the Latest Update). */
export const DASHBOARD_NEWS_COUNT = 5;

function LineSkeletons({ count }: { count: number }) {
  return (
    <div aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="nw-skeleton-line" />
      ))}
    </div>
  );
}

/** Spec section 2: the Latest Update card, the newest published post (a new site's is the launch announcement). */
export function LatestUpdateCard({ posts }: DashboardNewsProps) {
  const post = posts?.[0];
  return (
    <Card className="nw-latest">
      <CardHeader>
        <CardTitle as="h2" className="nw-eyebrow">
          {T.latestUpdate.heading}
        </CardTitle>
      </CardHeader>
      <CardContent className="nw-stack-sm">
        {!posts ? (
          <LineSkeletons count={2} />
        ) : !post ? (
          <NewsEmpty headingLevel="h3" />
        ) : (
          <>
            <h3 className="nw-latest-title">
              <Link to={newsPostPath(post.slug)}>{post.title}</Link>
            </h3>
            <p className="nw-date">
              <time dateTime={post.created_date}>{formatListDate(post.created_date)}</time>
            </p>
            <p className="nw-latest-body">{newsExcerpt(post)}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Spec section 2: the More News sidebar (the posts after the Latest Update) and View All News. */
export function MoreNewsCard({ posts }: DashboardNewsProps) {
  const [, navigate] = useLocation();
  const more = posts?.slice(1, DASHBOARD_NEWS_COUNT - 1);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.moreNews}</CardTitle>
      </CardHeader>
      <CardContent className="nw-stack">
        {!more ? (
          <LineSkeletons count={3} />
        ) : more.length === 0 ? (
          <p className="nw-muted">{NEWS_TEXTS.noMoreNews}</p>
        ) : (
          <ul className="nw-side-list">
            {more.map((post) => (
              <li key={post.id} className={post.is_featured ? 'nw-side-item is-featured' : 'nw-side-item'}>
                <div className="nw-meta">
                  <time dateTime={post.created_date} className="nw-date">
                    {formatListDate(post.created_date)}
                  </time>
                  {post.is_featured && <Badge>{NEWS_TEXTS.featured}</Badge>}
                </div>
                <h3 className="nw-side-title">
                  <Link to={newsPostPath(post.slug)}>{post.title}</Link>
                </h3>
                <p className="nw-muted nw-small">{newsExcerpt(post)}</p>
              </li>
            ))}
          </ul>
        )}
        <Button variant="outline" onClick={() => navigate(pathTo('NewsPage'))}>
          {T.viewAllNews}
        </Button>
      </CardContent>
    </Card>
  );
}
