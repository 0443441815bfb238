import { PORTAL_TEXTS } from '@solvr/contracts';
import { PageContainer } from '@solvr/web-ui';
import { selectUser, useAppSelector } from '@solvr/web-data';
import { PasswordCard } from '@solvr/web-accounts';
import { DashboardStats } from '@solvr/web-files';
import { AvailableDownloadsCard } from '@solvr/web-releases';
import { useLatestNews } from '@solvr/web-news';
import { DASHBOARD_NEWS_COUNT, LatestUpdateCard, MoreNewsCard } from '@solvr/web-news/dashboard';

const T = PORTAL_TEXTS.dashboard;

/** /Dashboard (spec section 2): greeting, Latest Update, three tiles, Available Downloads, More News. */
export default function Dashboard() {
  const user = useAppSelector(selectUser);
  const { posts } = useLatestNews(DASHBOARD_NEWS_COUNT);
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>{T.welcome(user?.email ?? '')}</h1>
        <p className="pt-muted">{T.subtitle}</p>
      </div>
      <div className="pt-stack">
        <LatestUpdateCard posts={posts} />
        <DashboardStats />
        <div className="pt-columns">
          <AvailableDownloadsCard />
          <div className="pt-side">
            <MoreNewsCard posts={posts} />
            {/* Changing (or, after Google sign-in, setting) the password: the account's own card. */}
            <PasswordCard />
          </div>
        </div>
      </div>
    </PageContainer>
  );
}
