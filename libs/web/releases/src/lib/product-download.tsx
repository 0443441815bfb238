import { useEffect, useRef, useState } from 'react';
import {
  fileTypeLabel,
  formatFileSize,
  PLATFORM_LABELS,
  PLATFORMS,
  PORTAL_TEXTS,
  RELEASE_TEXTS,
  type Platform,
  type ReleaseView,
} from '@solvr/contracts';
import { Alert, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, SkeletonCard } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { useNotifyMeMutation, useReleasesQuery } from '../releases.api';
import { DownloadButton, listDate, LoadFailed } from '@solvr/web-files';
import { useReleaseDownload, type UseReleaseDownload } from './use-release-download';
import { CopyButton } from './copy-button';
import { latestRelease, visitorPlatform } from './pick-release';
import { PlatformSwitcher } from './platform-switcher';

const T = PORTAL_TEXTS.productDownload;
const F = PORTAL_TEXTS.files;

/**
 * "Windows installer v1.0.20. macOS is coming. Linux maybe.": what each platform has, from the real releases (a
 * seeded placeholder is none yet: "Windows is coming.").
 */
export function installersSummary(releases: readonly ReleaseView[]): string {
  return PLATFORMS.map((p) => {
    const release = latestRelease(releases, 'stable', p);
    return release && !release.placeholder ? T.installer(p, release.version) : RELEASE_TEXTS.comingSoon(p);
  }).join(' ');
}

function ReleaseCard({ release, download }: { release: ReleaseView; download: UseReleaseDownload }) {
  const date = listDate(release.created_date);
  const error = download.failure?.id === release.id ? download.failure.message : null;
  return (
    <Card className="fl-release-card">
      <CardHeader>
        <CardTitle as="h2">{release.name}</CardTitle>
        <div className="fl-badges">
          <Badge variant="outline">{F.version(release.version)}</Badge>
          <Badge variant="secondary">{PLATFORM_LABELS[release.platform]}</Badge>
        </div>
      </CardHeader>
      <CardContent className="fl-stack">
        <dl className="fl-facts">
          <div>
            <dt>{F.versionLabel}</dt>
            <dd>{release.version}</dd>
          </div>
          <div>
            <dt>{F.type}</dt>
            <dd>{fileTypeLabel(release.file_type, release.file_name)}</dd>
          </div>
          {!release.placeholder && (
            <div>
              <dt>{F.size}</dt>
              <dd>{formatFileSize(release.file_size)}</dd>
            </div>
          )}
          <div>
            <dt>{F.downloadCount}</dt>
            <dd>{release.download_count.toLocaleString('en-US')}</dd>
          </div>
          {date && (
            <div>
              <dt>{F.released}</dt>
              <dd>
                <time dateTime={release.created_date}>{date}</time>
              </dd>
            </div>
          )}
          {release.sha256 && !release.placeholder && (
            <div className="fl-facts-wide">
              <dt>{RELEASE_TEXTS.checksum}</dt>
              <dd className="fl-hash-row">
                <code className="fl-hash-full">{release.sha256}</code>
                <CopyButton value={release.sha256} aria-label={`${F.copy} ${RELEASE_TEXTS.checksum}`} />
              </dd>
            </div>
          )}
        </dl>
        <div className="fl-download-row">
          <DownloadButton
            size="lg"
            placeholder={release.placeholder}
            onDownload={() => void download.download(release)}
            loading={download.pending.has(release.id)}
          />
          <p className="fl-muted">{T.installSteps(release.file_name, release.platform)}</p>
        </div>
        {error && (
          <p role="alert" className="fl-error">
            {error}
          </p>
        )}
        {release.release_notes && (
          <div className="fl-notes">
            <h3>{RELEASE_TEXTS.releaseNotes}</h3>
            <div className="fl-notes" dangerouslySetInnerHTML={{ __html: release.release_notes_html }} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Keyed by platform: what was asked for one platform stays with it. */
function ComingSoonCard({ platform, waiting }: { platform: Platform; waiting: boolean }) {
  const [notify, { isLoading }] = useNotifyMeMutation();
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  const savedRef = useRef<HTMLParagraphElement>(null);
  const focusSaved = useRef(false);
  const isSaved = waiting || saved;

  useEffect(() => {
    if (isSaved && focusSaved.current) {
      focusSaved.current = false;
      savedRef.current?.focus();
    }
  }, [isSaved]);

  const ask = async () => {
    setFailed(false);
    try {
      await notify({ platform }).unwrap();
      focusSaved.current = true;
      setSaved(true);
    } catch {
      setFailed(true);
    }
  };

  return (
    <Card className="fl-release-card">
      <CardHeader>
        <CardTitle as="h2">{PLATFORM_LABELS[platform]}</CardTitle>
        <CardDescription>{RELEASE_TEXTS.comingSoon(platform)}</CardDescription>
      </CardHeader>
      <CardContent className="fl-stack">
        <div aria-live="polite">
          {isSaved && (
            <p ref={savedRef} tabIndex={-1} className="fl-saved">
              {RELEASE_TEXTS.notifySaved(platform)}
            </p>
          )}
        </div>
        {!isSaved && (
          <Button onClick={() => void ask()} loading={isLoading} className="fl-self-start">
            {RELEASE_TEXTS.notifyMe}
          </Button>
        )}
        {failed && <Alert variant="error">{T.notifyFailed}</Alert>}
      </CardContent>
    </Card>
  );
}

/**
 * The /{product}Download page: the latest stable release of the chosen platform (the visitor's by default) with its
 * facts, checksum, notes and Download; for a platform without one, what the spec says of it and 'Notify me'.
 */
export function ProductDownloadView() {
  const brand = useBrand();
  const { data, isLoading, refetch } = useReleasesQuery();
  const [platform, setPlatform] = useState<Platform>(() => visitorPlatform() ?? 'windows');
  const download = useReleaseDownload();
  const release = data ? latestRelease(data.releases, 'stable', platform) : undefined;

  let body;
  if (isLoading) body = <SkeletonCard lines={5} />;
  else if (!data) {
    body = <LoadFailed text={T.loadFailed} retryLabel={PORTAL_TEXTS.downloads.retry} onRetry={() => void refetch()} />;
  } else if (release) body = <ReleaseCard release={release} download={download} />;
  else body = <ComingSoonCard key={platform} platform={platform} waiting={data.waiting.includes(platform)} />;

  return (
    <div className="fl-page fl-product">
      <div className="fl-heading">
        <h1>{T.title(brand.product)}</h1>
        {data && <p className="fl-muted">{installersSummary(data.releases)}</p>}
      </div>
      <PlatformSwitcher value={platform} onChange={setPlatform} />
      {body}
    </div>
  );
}
