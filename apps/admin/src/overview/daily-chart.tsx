import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type DailyCount, OVERVIEW_TEXTS as T } from '@solvr/contracts';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@solvr/web-ui';

const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * One bar per day. Read without colour: bars against a grid with labelled axes, the 30-day total in words, and
 * the same figures as a table for screen readers and for anyone who opens "Show values".
 */
export function DailyChart({ title, data }: { title: string; data: DailyCount[] | undefined }) {
  const tableId = useId();
  const total = data?.reduce((n, d) => n + d.count, 0) ?? 0;
  return (
    <Card className="ad-chart">
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
        <p className="ad-muted">{data ? T.chartTotal(total) : '…'}</p>
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="ad-chart-skeleton" />
        ) : (
          <>
            <div className="ad-chart-plot" aria-hidden="true">
              <ResponsiveContainer width="100%" height={220}>
                <BarChart accessibilityLayer={false} data={data.map((d) => ({ ...d, label: shortDay(d.day) }))} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#cbd5e1" />
                  <XAxis dataKey="label" interval="preserveStartEnd" tick={{ fontSize: 12, fill: '#334155' }} minTickGap={16} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#334155' }} />
                  <Tooltip cursor={{ fill: 'rgba(15, 23, 42, 0.06)' }} />
                  <Bar dataKey="count" name={T.count} fill="#2563eb" stroke="#1e3a8a" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <details className="ad-chart-values">
              <summary>Show values</summary>
              <table id={tableId} className="ad-chart-table">
                <caption className="ui-sr-only">{T.chartTable(title)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.day}</th>
                    <th scope="col">{T.count}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((d) => (
                    <tr key={d.day}>
                      <td>{shortDay(d.day)}</td>
                      <td>{d.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
