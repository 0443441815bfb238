import { useSearchParams } from 'wouter';
import { ADMIN_TABS, ADMIN_TEXTS as T, type AdminTab } from '@solvr/contracts';
import { PageContainer } from '@solvr/web-ui';
import { Tabs } from '@solvr/web-ui/forms';
import { selectUser, useAppSelector } from '@solvr/web-data';
import { AdminAccessRequired } from '@solvr/web-accounts';
import { UsersTab } from '@solvr/web-accounts/admin';
import { FilesTab, UploadTab, UploadTray } from '@solvr/web-files/admin';
import { ReleasesTab } from '@solvr/web-releases/admin';
import { NewsAdminTab } from '@solvr/web-news/admin';
import { EmailCenter } from '@solvr/web-mail/admin';
import { Overview } from '../overview/overview';

/** Tabs that hold work in progress (an upload, a news post or an e-mail being written): kept, hidden, while another is open. */
const WORK_TABS: readonly AdminTab[] = ['Upload', 'News', 'Email'];

const isTab = (value: string | null): value is AdminTab => (ADMIN_TABS as readonly string[]).includes(value ?? '');

function TabContent({ tab, openTab }: { tab: AdminTab; openTab(tab: AdminTab): void }) {
  switch (tab) {
    case 'Overview':
      return <Overview openTab={openTab} />;
    case 'Files':
      return <FilesTab />;
    case 'Upload':
      return <UploadTab />;
    case 'Releases':
      return <ReleasesTab />;
    case 'News':
      return <NewsAdminTab />;
    case 'Users':
      return <UsersTab />;
    case 'Email':
      return <EmailCenter />;
  }
}

export default function Admin() {
  const user = useAppSelector(selectUser);
  // The tab lives in the address (?tab=Users): a reload or a shared link opens the same tab.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'Overview';
  const openTab = (next: AdminTab) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'Overview') out.delete('tab');
        else out.set('tab', next);
        return out;
      },
      { replace: false },
    );
  if (user?.role !== 'admin') return <AdminAccessRequired />;
  return (
    <PageContainer>
      <div className="ad-heading">
        <h1>{T.title}</h1>
        <p className="ad-muted">{T.subtitle}</p>
      </div>
      <Tabs
        tabs={ADMIN_TABS.map((t) => ({ id: t, label: t }))}
        value={tab}
        onChange={(id) => openTab(id as AdminTab)}
        renderPanel={(id) => <TabContent tab={id as AdminTab} openTab={openTab} />}
        keepMounted={WORK_TABS}
      />
      {/* Uploads go on whichever tab is open; the Upload tab shows them in full. */}
      <UploadTray hidden={tab === 'Upload'} />
    </PageContainer>
  );
}
