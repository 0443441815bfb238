import { useId, useState } from 'react';
import { ACTIVITY_DAYS, assetKindOf, OVERVIEW_TEXTS, RELEASES_ADMIN_TEXTS as T, type ReleaseActivity, type ReleaseActivityDay } from '@solvr/contracts';
import { Skeleton } from '@solvr/web-ui';
import { Label } from '@solvr/web-ui/forms';
import { DailyChart, type ChartSeries } from '@solvr/web-files/admin';
import { useAdminReleasesQuery, useReleaseActivityQuery } from './releases-admin.api';

const SERIES: readonly ChartSeries<ReleaseActivityDay>[] = [
  { key: 'downloads', label: T.downloads, fill: '#2563eb', stroke: '#1e3a8a' },
  { key: 'update_checks', label: T.updateChecks, fill: '#d97706', stroke: '#78350f' },
];

const keyOf = (a: ReleaseActivity) => `${a.channel} ${a.version} ${a.platform}`;
const labelOf = (a: ReleaseActivity) => T.activityLabel(a.version, a.channel, a.platform);

/** The busiest version and platform first shown: most downloads and update checks together. */
const busiest = (all: readonly ReleaseActivity[]) => all.reduce((top, a) => (a.downloads + a.update_checks > top.downloads + top.update_checks ? a : top));

/**
 * Downloads and update checks per day over the last 30 days, for one version on one platform at a time (picked from
 * a list that gives each one's totals). Where the api has no activity to give (an older api answers 404), says so.
 */
export function ReleaseActivitySection() {
  const ids = useId();
  const { data, isLoading, isError } = useReleaseActivityQuery(ACTIVITY_DAYS);
  const [picked, setPicked] = useState<string | null>(null);
  const active = data?.filter((a) => a.downloads + a.update_checks > 0) ?? [];
  const shown = active.find((a) => keyOf(a) === picked) ?? (active.length ? busiest(active) : undefined);

  let body;
  if (isLoading) body = <Skeleton className="fa-chart-skeleton" />;
  else if (isError || !data) body = <p className="fa-muted">{T.activityUnavailable}</p>;
  else if (!shown) body = <p className="fa-muted">{T.activityEmpty}</p>;
  else {
    body = (
      <>
        <div className="fa-activity-pick">
          <Label htmlFor={`${ids}-pick`}>{T.activityOf}</Label>
          <select id={`${ids}-pick`} className="ui-input" value={keyOf(shown)} onChange={(e) => setPicked(e.target.value)}>
            {active.map((a) => (
              <option key={keyOf(a)} value={keyOf(a)}>
                {`${labelOf(a)} · ${T.activityTotal(a.downloads, a.update_checks)}`}
              </option>
            ))}
          </select>
        </div>
        <DailyChart title={labelOf(shown)} data={shown.days} series={SERIES} summary={([downloads, checks]) => T.activityTotal(downloads, checks)} headingLevel="h4" note={OVERVIEW_TEXTS.downloadDefinition} />
      </>
    );
  }
  return (
    <section className="fa-release-activity" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>{T.activity}</h3>
      {body}
    </section>
  );
}

/**
 * The desktop app's downloads for the Overview, counted as the Releases chart counts them: per day of the last 30
 * (every version and platform together), and in all (each installer's count; block maps and update packages are
 * not downloads). undefined while loading; zeros where the api has no activity to give.
 */
export function useDesktopDownloads(): { perDay: Map<string, number>; total: number } | undefined {
  const activity = useReleaseActivityQuery(ACTIVITY_DAYS);
  const versions = useAdminReleasesQuery();
  if (activity.isLoading || versions.isLoading) return undefined;
  const perDay = new Map<string, number>();
  for (const a of activity.data ?? []) for (const d of a.days) perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.downloads);
  const total = (versions.data ?? []).flatMap((v) => v.files).filter((f) => assetKindOf(f.file_name) === 'installer').reduce((n, f) => n + f.download_count, 0);
  return { perDay, total };
}
