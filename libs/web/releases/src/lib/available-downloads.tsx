import { useId, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { fileTypeLabel, formatFileSize, pathTo, PORTAL_TEXTS, RELEASE_TEXTS, type ReleaseView } from '@solvr/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, EmptyState, SkeletonCard } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { useReleasesQuery } from '../releases.api';
import { DownloadButton } from '@solvr/web-files';
import { useReleaseDownload } from './use-release-download';
import { preferredReleases, visitorPlatform } from './pick-release';

const T = PORTAL_TEXTS.dashboard;
const F = PORTAL_TEXTS.files;

interface ReleaseRowProps {
  release: ReleaseView;
  onDownload(release: ReleaseView): void;
  pending: boolean;
  error: string | null;
}

/**
 * One release: name and version, type, size, count, Download; the stable one with its instructions and documentation
 * link. A seeded placeholder has no size to tell and says the installer is coming instead of Download.
 */
function ReleaseRow({ release, onDownload, pending, error }: ReleaseRowProps) {
  const id = useId();
  const stable = release.channel === 'stable';
  return (
    <article className="fl-release" aria-labelledby={`${id}-title`}>
      <div className="fl-release-head">
        <div className="fl-release-text">
          <h3 id={`${id}-title`} className="fl-release-title">
            {release.name} <span className="fl-version">{F.version(release.version)}</span>
          </h3>
          <div className="fl-badges">
            <Badge variant={stable ? 'success' : 'warning'}>{stable ? T.stable : T.beta}</Badge>
          </div>
          <ul className="fl-meta">
            <li>{fileTypeLabel(release.file_type, release.file_name)}</li>
            {!release.placeholder && <li>{formatFileSize(release.file_size)}</li>}
            <li>{F.downloads(release.download_count)}</li>
          </ul>
        </div>
        <DownloadButton
          placeholder={release.placeholder}
          onDownload={() => onDownload(release)}
          loading={pending}
          aria-describedby={error ? `${id}-title ${id}-error` : `${id}-title`}
          className="fl-release-button"
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="fl-error">
          {error}
        </p>
      )}
      {stable && (
        <p className="fl-muted fl-small">
          {PORTAL_TEXTS.productDownload.installSteps(release.file_name, release.platform)} <Link to={pathTo('HowItWorks')}>{T.documentation}</Link>
        </p>
      )}
      {release.release_notes && (
        <details className="fl-details">
          <summary>{RELEASE_TEXTS.releaseNotes}</summary>
          <div className="fl-notes" dangerouslySetInnerHTML={{ __html: release.release_notes_html }} />
        </details>
      )}
    </article>
  );
}

/**
 * The Dashboard's Available Downloads (spec section 2): the latest stable and beta releases for the visitor's
 * platform (else Windows), with real sizes and counts; Download starts the browser's download at its /downloads/ URL.
 */
export function AvailableDownloadsCard() {
  const brand = useBrand();
  const [, navigate] = useLocation();
  const { data, isLoading } = useReleasesQuery();
  const platform = useMemo(visitorPlatform, []);
  const releases = useMemo(() => (data ? preferredReleases(data.releases, platform) : []), [data, platform]);
  const { download, pending, failure } = useReleaseDownload();

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.availableDownloads}</CardTitle>
      </CardHeader>
      <CardContent className="fl-stack">
        {isLoading ? (
          <div className="fl-stack" aria-hidden="true">
            <SkeletonCard lines={2} />
            <SkeletonCard lines={2} />
          </div>
        ) : releases.length === 0 ? (
          // Spec section 8: a load failure is only logged; the screen falls back to its empty state.
          <EmptyState title={T.noReleases} description={T.noReleasesDetail} />
        ) : (
          <ul className="fl-releases">
            {releases.map((r) => (
              <li key={r.id}>
                <ReleaseRow
                  release={r}
                  onDownload={(release) => void download(release)}
                  pending={pending.has(r.id)}
                  error={failure?.id === r.id ? failure.message : null}
                />
              </li>
            ))}
          </ul>
        )}
        <div className="fl-actions">
          <Button variant="outline" onClick={() => navigate(pathTo('ProductDownload', brand.product))}>
            {T.allPlatforms}
          </Button>
          <Button variant="outline" onClick={() => navigate(pathTo('Downloads'))}>
            {T.openLibrary}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
