// Goals from bench/budgets.json judged against the figures, and the two outputs: JSON and a markdown table.
import { profileLines } from './profile.mjs';
import { fmt, fmtSpread } from './stats.mjs';

const OPS = {
  '>=': (a, b) => a >= b,
  '>': (a, b) => a > b,
  '<=': (a, b) => a <= b,
  '<': (a, b) => a < b,
};

/** Every goal for every mode that ran its scenario: met, short, or n/a (no figure). */
export function judge(budgets, modes) {
  const out = [];
  for (const [mode, result] of Object.entries(modes)) {
    for (const goal of budgets.goals) {
      if (goal.modes && !goal.modes.includes(mode)) continue;
      const sc = result.scenarios[goal.scenario];
      if (!sc) continue;
      const m = sc.metrics?.[goal.metric];
      const value = m?.value ?? null;
      const status = value === null || !OPS[goal.op] ? 'n/a' : OPS[goal.op](value, goal.target) ? 'met' : 'short';
      out.push({
        mode,
        scenario: goal.scenario,
        metric: goal.metric,
        label: m?.label ?? goal.metric,
        op: goal.op,
        target: goal.target,
        unit: m?.unit ?? goal.unit ?? '',
        value,
        min: m?.min ?? null,
        max: m?.max ?? null,
        status,
        ...(sc.error ? { reason: sc.error } : sc.skipped ? { reason: sc.skipped } : {}),
      });
    }
  }
  return out;
}

export const goalText = (g) => `${g.op} ${fmt(g.target, g.unit)}`;

/** One console line per goal: "met   [embedded] public-reads public-config app/reference 0.07x (>= 0.5x)". */
export function goalLines(goals) {
  return goals.map((g) => {
    const figure = g.value === null ? `no figure${g.reason ? ` (${g.reason})` : ''}` : fmtSpread(g);
    return `${g.status.padEnd(5)} [${g.mode}] ${g.scenario}: ${g.label} ${figure}, goal ${goalText(g)}`;
  });
}

/** Plain-text table of every figure of one mode, for the console. */
export function figureLines(mode, result) {
  const lines = [`── ${mode} mode (${result.app?.database ?? '?'}) ──`];
  for (const [name, sc] of Object.entries(result.scenarios)) {
    if (sc.skipped) lines.push(`${name}: skipped: ${sc.skipped}`);
    else if (sc.error) lines.push(`${name}: ERROR: ${sc.error}`);
    else for (const [id, m] of Object.entries(sc.metrics)) lines.push(`${name.padEnd(13)} ${(m.label ?? id).padEnd(44)} ${fmtSpread(m)}`);
  }
  return lines;
}

const esc = (s) => String(s).replace(/\|/g, '\\|');

/** The dated markdown report: settings, one table per mode with goals inline, then the goals list. */
export function markdown(report) {
  const goalsBy = new Map(report.goals.map((g) => [`${g.mode}|${g.scenario}|${g.metric}`, g]));
  const s = report.settings;
  const lines = [
    `# Bench ${report.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `App: \`${report.appRoot}\` at \`${report.commit ?? 'unknown'}\` · harness \`${report.harnessCommit ?? 'unknown'}\` · Node ${report.node} · ${report.cpus} cores`,
    `Rounds: ${s.rounds} per scenario (app and reference alternating), ${s.duration} s each, ${s.connections} connections${s.smoke ? ' · **smoke run**' : ''}.`,
    'Figures: median over rounds, spread min–max in brackets; app/reference is the ratio of the medians, its spread that of the per-round ratios.',
    '',
  ];
  for (const [mode, result] of Object.entries(report.modes)) {
    lines.push(`## ${mode} mode (${result.app?.database ?? '?'})`, '', '| Scenario | Figure | Median (min–max) | Goal | |', '|---|---|---|---|---|');
    for (const [name, sc] of Object.entries(result.scenarios)) {
      if (sc.skipped || sc.error) {
        lines.push(`| ${name} | ${sc.skipped ? 'skipped' : 'ERROR'} | ${esc(sc.skipped ?? sc.error)} | | |`);
        continue;
      }
      for (const [id, m] of Object.entries(sc.metrics)) {
        const g = goalsBy.get(`${mode}|${name}|${id}`);
        lines.push(`| ${name} | ${esc(m.label ?? id)} | ${fmtSpread(m)} | ${g ? esc(goalText(g)) : ''} | ${g ? g.status : ''} |`);
      }
    }
    const notes = Object.entries(result.scenarios).flatMap(([name, sc]) => (sc.notes ?? []).map((n) => `- ${name}: ${n}`));
    if (notes.length) lines.push('', ...notes);
    lines.push('');
    if (result.profile) lines.push(...profileLines(mode, result.profile));
  }
  lines.push('## Goals', '', ...goalLines(report.goals).map((l) => `- ${esc(l)}`), '');
  if (report.skipped.length) lines.push('## Not run', '', ...report.skipped.map((l) => `- ${l}`), '');
  return lines.join('\n');
}
