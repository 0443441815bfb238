import { PORTAL_TEXTS } from '@solvr/contracts';
import { Stat } from '@solvr/web-ui';
import { useLibrarySummaryQuery } from '../files.api';
import { figure } from '../library/library-stats';

const T = PORTAL_TEXTS.dashboard;

/** The Dashboard's three tiles (spec section 2), from GET /api/files/summary: Available Files, Your Downloads, New This Week. */
export function DashboardStats() {
  const { data, isLoading } = useLibrarySummaryQuery();
  return (
    <div className="fl-stats fl-stats-3" aria-busy={isLoading || undefined}>
      <Stat label={T.availableFiles} value={figure(data, isLoading, (s) => s.available_files)} />
      <Stat label={T.yourDownloads} value={figure(data, isLoading, (s) => s.your_downloads)} />
      <Stat label={T.newThisWeek} value={figure(data, isLoading, (s) => s.new_this_week)} />
    </div>
  );
}
