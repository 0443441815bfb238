import { useNavigate } from 'react-router-dom';
import { MARKETING_TEXTS, pathTo, PORTAL_TEXTS } from '@solvr/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, PageContainer, Stat } from '@solvr/web-ui';
import { selectUser, useAppSelector } from '@solvr/web-data';
import { PasswordCard } from '@solvr/web-accounts';

const T = PORTAL_TEXTS.dashboard;

export default function Dashboard() {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>{T.welcome(user?.email ?? '')}</h1>
        <p className="pt-muted">{T.subtitle}</p>
      </div>
      <div className="pt-grid-3">
        <Stat label={T.availableFiles} value="—" />
        <Stat label={T.yourDownloads} value={user?.download_count ?? 0} />
        <Stat label={T.newThisWeek} value="—" />
      </div>
      <div className="pt-columns">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{T.availableDownloads}</CardTitle>
          </CardHeader>
          <CardContent className="pt-card-stack">
            <EmptyState title={PORTAL_TEXTS.downloads.emptyNone} />
            <Button variant="outline" onClick={() => navigate(pathTo('Downloads'))}>
              {T.openLibrary}
            </Button>
          </CardContent>
        </Card>
        <div className="pt-side">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{T.moreNews}</CardTitle>
            </CardHeader>
            <CardContent className="pt-card-stack">
              <EmptyState title={MARKETING_TEXTS.noNews.title} description={MARKETING_TEXTS.noNews.description} />
              <Button variant="outline" onClick={() => navigate(pathTo('NewsPage'))}>
                {T.viewAllNews}
              </Button>
            </CardContent>
          </Card>
          {/* Changing (or, after Google sign-in, setting) the password: the account's own card. */}
          <PasswordCard />
        </div>
      </div>
    </PageContainer>
  );
}
