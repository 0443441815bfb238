import { useId } from 'react';
import { Link } from 'wouter';
import { channelLabel, formatFileSize, pathTo, PLATFORM_LABELS, PORTAL_TEXTS, RELEASE_TEXTS, type ReleaseView } from '@solvr/contracts';
import { Badge } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { useReleasesQuery } from '../releases.api';

const T = PORTAL_TEXTS.downloads;
const F = PORTAL_TEXTS.files;

/** The overview's installers grouped by channel (stable first, as the api sends them). */
export function channelsOf(releases: readonly ReleaseView[]): ReleaseView[][] {
  const byChannel = new Map<string, ReleaseView[]>();
  for (const r of releases) byChannel.set(r.channel, [...(byChannel.get(r.channel) ?? []), r]);
  return [...byChannel.values()];
}

function ChannelEntry({ releases }: { releases: ReleaseView[] }) {
  const id = useId();
  const brand = useBrand();
  const [first] = releases;
  const placeholder = releases.every((r) => r.placeholder);
  return (
    <li>
      <article className="fl-release" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="fl-release-title">
          {T.desktopAppEntry(brand.product, channelLabel(first.channel))} <span className="fl-version">{F.version(first.version)}</span>
        </h3>
        <div className="fl-badges">
          <Badge variant={first.channel === 'stable' ? 'success' : 'warning'}>{channelLabel(first.channel)}</Badge>
        </div>
        {placeholder ? (
          <p className="fl-muted">{RELEASE_TEXTS.installerComing}</p>
        ) : (
          <ul className="fl-desktop-platforms" aria-label={T.platformsOf}>
            {releases.map((r) => (
              <li key={r.id}>
                {PLATFORM_LABELS[r.platform]} · {formatFileSize(r.file_size)}
              </li>
            ))}
          </ul>
        )}
        {first.release_notes_html && (
          <details className="fl-details">
            <summary>{RELEASE_TEXTS.releaseNotes}</summary>
            <div className="fl-notes" dangerouslySetInnerHTML={{ __html: first.release_notes_html }} />
          </details>
        )}
        <Link to={pathTo('ProductDownload', brand.product)} aria-describedby={`${id}-title`}>
          {T.openDownloadPage}
        </Link>
      </article>
    </li>
  );
}

/**
 * The desktop app in the library: one entry per channel's current version with its platforms and sizes, linking to the
 * download page. Its files (installers, block maps, update packages) are the releases feature's, never library cards.
 */
export function DesktopAppEntries() {
  const id = useId();
  const brand = useBrand();
  const { data, isLoading } = useReleasesQuery();
  // Nothing while loading: the library's own six skeletons (spec section 9) stand for the page.
  if (isLoading || !data?.releases.length) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="fl-library">
      <h2 id={`${id}-heading`}>{T.desktopApp(brand.product)}</h2>
      <ul className="fl-desktop">
        {channelsOf(data.releases).map((releases) => (
          <ChannelEntry key={releases[0].channel} releases={releases} />
        ))}
      </ul>
    </section>
  );
}
