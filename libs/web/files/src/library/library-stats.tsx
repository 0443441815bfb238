import { PORTAL_TEXTS, type LibrarySummary } from '@solvr/contracts';
import { Skeleton, Stat } from '@solvr/web-ui';
import { useLibrarySummaryQuery } from '../files.api';

const T = PORTAL_TEXTS.downloads;
const F = PORTAL_TEXTS.files;

/** A figure, or a placeholder while it loads ('—' when it could not be loaded). */
export function figure(summary: LibrarySummary | undefined, loading: boolean, pick: (s: LibrarySummary) => number) {
  if (summary) return pick(summary).toLocaleString('en-US');
  return loading ? <Skeleton className="fl-stat-skeleton" /> : '—';
}

/** The library's four stat cards (spec section 2): Total Files, Your Downloads, Most Popular, New This Week. */
export function LibraryStats() {
  const { data, isLoading } = useLibrarySummaryQuery();
  const popular = data?.most_popular;
  return (
    <div className="fl-stats fl-stats-4" aria-busy={isLoading || undefined}>
      <Stat label={T.totalFiles} value={figure(data, isLoading, (s) => s.total_files)} />
      <Stat label={T.yourDownloads} value={figure(data, isLoading, (s) => s.your_downloads)} />
      <Stat
        className="fl-stat-popular"
        label={T.mostPopular}
        value={
          popular ? (
            <>
              <span className="fl-stat-name">{popular.name}</span>
              <span className="fl-stat-sub">{F.downloads(popular.download_count)}</span>
            </>
          ) : data ? (
            <span className="fl-stat-name">{T.noneYet}</span>
          ) : (
            figure(data, isLoading, () => 0)
          )
        }
      />
      <Stat label={T.newThisWeek} value={figure(data, isLoading, (s) => s.new_this_week)} />
    </div>
  );
}
