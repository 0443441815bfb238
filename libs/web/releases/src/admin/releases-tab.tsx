import { RELEASES_ADMIN_TEXTS as T } from '@solvr/contracts';
import { VersionList } from '../lib/release-files';
import { DeployTokens } from './deploy-tokens';
import { ReleaseChannels } from './release-channels';
import { ReleasePublishForm } from './release-publish-form';
import { ReleaseActivitySection } from './release-activity';
import { ReleaseVersionCard } from './release-version-card';
import { useAdminReleasesQuery } from './releases-admin.api';

/**
 * The admin console's Releases tab (README: The update server, Publishing from CI): every version, newest first, with
 * its rollout, pause and pull, and a form to publish one; downloads and update checks over the last 30 days; the deploy tokens CI publishes with.
 */
export function ReleasesTab() {
  const versions = useAdminReleasesQuery();
  return (
    <section className="fa-releases" aria-labelledby="admin-releases-heading">
      <h2 id="admin-releases-heading" className="ui-sr-only">
        {T.heading}
      </h2>
      <ReleasePublishForm />
      <VersionList query={versions} texts={T} renderVersion={(v) => <ReleaseVersionCard version={v} />} />
      <ReleaseActivitySection />
      <ReleaseChannels />
      <DeployTokens />
    </section>
  );
}
