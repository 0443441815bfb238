// `--profile`: the app runs with V8's sampling profiler (node --cpu-prof); after it stops, the top self-time
// functions of its main thread over the whole run (issue 27, point 7: what the mixed load spends its CPU on).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Node options that write the app's profile into dir when it exits. */
export const profileArgs = (dir) => ['--cpu-prof', '--cpu-prof-dir', dir];

/** The main-thread .cpuprofile files in dir (CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile, thread 0). */
export const mainThreadProfiles = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && f.split('.')[4] === '0')
    .map((f) => join(dir, f));

/**
 * The summary of the busiest of these profiles (a scenario may start an instance of its own, as load does: the
 * instance that served the load is the one that worked), or null when there is none.
 */
export function busiestProfile(files, root) {
  const summaries = files.map((f) => topSelfTime(f, root));
  return summaries.sort((a, b) => b.busyMs - a.busyMs)[0] ?? null;
}

/**
 * Self time per function (name, file and line), largest first: { total ms, idle %, top: [{ name, where, ms, pct }] }.
 * Percentages are of the busy samples ((idle) and (program) left out), so they add up to what the thread did.
 */
export function topSelfTime(file, root, count = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = new Map();
  // A sample's time is the delta to the next one; the last counts as the mean.
  const deltas = profile.timeDeltas ?? [];
  const totalUs = profile.endTime - profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = i + 1 < deltas.length ? deltas[i + 1] : totalUs / profile.samples.length;
    samples.set(id, (samples.get(id) ?? 0) + Math.max(0, us));
  });
  const byFunction = new Map();
  let idleUs = 0;
  let busyUs = 0;
  for (const [id, us] of samples) {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (functionName === '(idle)' || functionName === '(program)') {
      if (functionName === '(idle)') idleUs += us;
      continue;
    }
    busyUs += us;
    const where = url ? `${relative(root, url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
    const key = `${functionName}|${where}`;
    const entry = byFunction.get(key) ?? { name: functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
  }
  const top = [...byFunction.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, count)
    .map((f) => ({ name: f.name, where: f.where, ms: Math.round(f.us / 1000), pct: Math.round((f.us / busyUs) * 1000) / 10 }));
  return { file, totalMs: Math.round(totalUs / 1000), busyMs: Math.round(busyUs / 1000), idlePct: Math.round((idleUs / totalUs) * 1000) / 10, top };
}

/** The summary as markdown lines. */
export function profileLines(mode, p) {
  return [
    `### CPU profile, ${mode} mode`,
    '',
    `\`${p.file}\`: ${p.totalMs} ms profiled, ${p.busyMs} ms busy on the api's main thread, ${p.idlePct} % idle. Self time, % of busy:`,
    '',
    '| % | ms | function | where |',
    '|---|---|---|---|',
    ...p.top.map((f) => `| ${f.pct} | ${f.ms} | \`${f.name}\` | ${f.where} |`),
    '',
  ];
}
