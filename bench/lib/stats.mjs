// Small statistics helpers: every figure the harness reports is a median with its spread over rounds.

export function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100) of raw samples. */
export function percentile(values, p) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const rank = Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1));
  return v[rank];
}

/** One reported figure: median over rounds, min-max spread, and the per-round values. */
export function summarize(values, unit, extra = {}) {
  const finite = values.filter((x) => Number.isFinite(x));
  return {
    value: median(finite),
    min: finite.length ? Math.min(...finite) : null,
    max: finite.length ? Math.max(...finite) : null,
    unit,
    rounds: values,
    ...extra,
  };
}

/** Rounds a number for display with a sensible number of digits. */
export function fmt(value, unit = '') {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a';
  const abs = Math.abs(value);
  const digits = abs >= 1000 ? 0 : abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  const text = value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  if (!unit) return text;
  return unit === 'x' ? `${text}x` : `${text} ${unit}`;
}

/** `median (min-max)` of a summarized figure. */
export function fmtSpread(m) {
  if (!m || m.value === null) return 'n/a';
  if (m.min === null || m.min === m.max || m.rounds?.length < 2) return fmt(m.value, m.unit);
  return `${fmt(m.value, m.unit)} (${fmt(m.min)}–${fmt(m.max)})`;
}

/**
 * app/reference of two per-round series (same length, paired by round): the ratio of the medians, with the
 * spread of the per-round ratios, as compareFigures reports req/s.
 */
export function ratioFigure(label, app, ref) {
  const a = median(app);
  const r = median(ref);
  return { label, ...summarize(app.map((v, i) => (ref[i] ? v / ref[i] : NaN)), 'x'), value: a !== null && r ? a / r : null };
}
