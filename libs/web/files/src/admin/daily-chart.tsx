import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { OVERVIEW_TEXTS as T } from '@solvr/contracts';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@solvr/web-ui';

const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A day's figures: `day` (YYYY-MM-DD, UTC) and a number per series. */
export type ChartDay = { day: string };

/** One kind of bar: the figure it reads from each day, its name (legend, tooltip, table column) and its colours. */
export interface ChartSeries<D extends ChartDay> {
  key: Extract<keyof D, string>;
  label: string;
  fill: string;
  stroke: string;
}

export interface DailyChartProps<D extends ChartDay> {
  title: string;
  /** Oldest first; undefined while loading. */
  data: readonly D[] | undefined;
  /** The bars of each day; one series (`count`) unless given. */
  series?: readonly ChartSeries<D>[];
  /** The totals in words, from each series' sum (default: the one series' "N in 30 days"). */
  summary?(totals: number[]): string;
  /** The title's heading level: h3 unless the chart sits under an h3 of its own. */
  headingLevel?: 'h3' | 'h4';
  /** What the bars count, when it needs saying (OVERVIEW_TEXTS.downloadDefinition). */
  note?: string;
}

const COUNT = [{ key: 'count', label: T.count, fill: '#2563eb', stroke: '#1e3a8a' }] as const;

/**
 * One group of bars per day, one bar per series. Read without colour: bars against a grid with labelled axes (and a
 * legend for more than one series), the 30-day totals in words, and the same figures as a table for screen readers
 * and for anyone who opens "Show values".
 */
export function DailyChart<D extends ChartDay>({ title, data, series = COUNT as unknown as ChartSeries<D>[], summary, headingLevel = 'h3', note }: DailyChartProps<D>) {
  const tableId = useId();
  const value = (d: D, s: ChartSeries<D>) => Number(d[s.key]) || 0;
  const totals = series.map((s) => data?.reduce((n, d) => n + value(d, s), 0) ?? 0);
  return (
    <Card className="fa-chart">
      <CardHeader>
        <CardTitle as={headingLevel}>{title}</CardTitle>
        <p className="fa-chart-total">{data ? (summary ? summary(totals) : T.chartTotal(totals[0])) : '…'}</p>
        {note && <p className="fa-muted">{note}</p>}
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="fa-chart-skeleton" />
        ) : (
          <>
            <div className="fa-chart-plot" aria-hidden="true">
              <ResponsiveContainer width="100%" height={220}>
                <BarChart accessibilityLayer={false} data={data.map((d) => ({ ...d, label: shortDay(d.day) }))} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#cbd5e1" />
                  <XAxis dataKey="label" interval="preserveStartEnd" tick={{ fontSize: 12, fill: '#334155' }} minTickGap={16} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#334155' }} />
                  {/* Texts in the axes' dark grey, not in the bars' colours (a light bar colour would be unreadable). */}
                  <Tooltip cursor={{ fill: 'rgba(15, 23, 42, 0.06)' }} itemStyle={{ color: '#0f172a' }} />
                  {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} formatter={(name) => <span style={{ color: '#334155' }}>{name}</span>} />}
                  {series.map((s) => (
                    <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.fill} stroke={s.stroke} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
            <details className="fa-chart-values">
              <summary>{T.showValues}</summary>
              <table id={tableId} className="fa-chart-table">
                <caption className="ui-sr-only">{T.chartTable(title)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.day}</th>
                    {series.map((s) => (
                      <th key={s.key} scope="col">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.map((d) => (
                    <tr key={d.day}>
                      <td>{shortDay(d.day)}</td>
                      {series.map((s) => (
                        <td key={s.key}>{value(d, s)}</td>
                      ))}
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
