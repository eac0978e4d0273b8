// Tables and budget lines for `npm run bench:server`. Pure: results in, text out.
import { formatRatio, median, ratio } from './stats.mjs';

/** Budgets from issue 3 for the generated GitHub server. */
export const SERVER_BUDGET = Object.freeze({ installBuildMs: 60_000, startupMs: 1_000, callOverheadMs: 2 });

/** Paths whose overhead over the direct request is held to the budget (the client row includes client work). */
const BUDGETED_PATHS = new Set(['http', 'stdio']);

/** `{ n, median, min, max, p90 }` of milliseconds; undefined fields for no values. */
export function summarizeMs(values) {
  if (values.length === 0) return { n: 0, median: undefined, min: undefined, max: undefined, p90: undefined };
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: median(sorted),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    p90: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.9) - 1)],
  };
}

function fixed(value, digits) {
  return value === undefined ? '-' : value.toFixed(digits);
}

/** Columns padded; those in `left` (indexes) left-aligned, the others right-aligned. */
export function formatGrid(header, rows, left = [0]) {
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((cells) => (cells[col] ?? '').length)));
  const line = (cells) =>
    cells
      .map((cell, col) => (left.includes(col) ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Build-phase rows and lines: seconds, ours/peer ratio of medians, the install + build budget. */
export function buildSection(series) {
  const medianOf = (s) => summarizeMs(s.samples.map((x) => x.ms)).median;
  const peerOf = (s) => series.find((p) => p.who === 'peer' && p.step === s.step);
  const rows = series.map((s) => {
    const sum = summarizeMs(s.samples.map((x) => x.ms));
    const peer = s.who === 'ours' ? peerOf(s) : undefined;
    const r = peer === undefined ? undefined : ratio(sum.median, medianOf(peer));
    const status = s.status === 'ok' ? 'ok' : `${s.status}${s.reason === undefined ? '' : `: ${s.reason}`}`;
    return [s.who, s.step, String(sum.n), fixed(sum.median && sum.median / 1000, 2), fixed(sum.min && sum.min / 1000, 2), fixed(sum.max && sum.max / 1000, 2), s.who === 'peer' ? '(base)' : formatRatio(r), status];
  });
  const table = formatGrid(['who', 'step', 'runs', 'median s', 'min s', 'max s', 'ours/peer', 'status'], rows, [0, 1, 7]);
  const budget = [];
  const total = series.find((s) => s.who === 'ours' && s.step === 'install + build');
  const ms = total === undefined ? undefined : medianOf(total);
  if (ms !== undefined) {
    const ok = ms < SERVER_BUDGET.installBuildMs;
    budget.push(`install + build (ours): ${(ms / 1000).toFixed(1)} s < ${SERVER_BUDGET.installBuildMs / 1000} s ${ok ? 'ok' : 'OVER'}`);
  }
  return { table, budget };
}

/**
 * Start-up rows: spawn → listening / first tools/list / all pages (dynamic mode: → first
 * search_tools and describe_tools), the official client's own times, and the server's RSS in MB
 * (at the first tools/list, once everything is loaded, peak).
 */
export function startupSection(startup) {
  const mode = startup.mode ?? 'static';
  const rowFor = (label, key, digits = 1) => {
    const sum = summarizeMs(startup.samples.map((s) => s[key]).filter((v) => v !== undefined));
    return sum.n === 0 ? undefined : [label, String(sum.n), fixed(sum.median, digits), fixed(sum.min, digits), fixed(sum.p90, digits), fixed(sum.max, digits)];
  };
  const all = `spawn → all ${startup.pages ?? '?'} tools/list pages (${startup.tools ?? '?'} tools)`;
  const loaded = mode === 'dynamic' ? 'after the first describe_tools' : 'after all pages';
  const rows = [
    rowFor('spawn → listening (its log line)', 'listenMs'),
    rowFor('spawn → first tools/list answer', 'firstListMs'),
    rowFor(all, 'allPagesMs'),
    rowFor('spawn → first search_tools answer', 'firstSearchMs'),
    rowFor('spawn → first describe_tools answer', 'firstDescribeMs'),
    rowFor('official client: connect (after start)', 'clientConnectMs'),
    rowFor('official client: listTools, all pages', 'clientListMs'),
  ].filter((r) => r !== undefined);
  const rssRows = [
    rowFor('RSS MB at the first tools/list answer', 'rssFirstMb', 0),
    rowFor(`RSS MB ${loaded}`, 'rssLoadedMb', 0),
    rowFor('peak RSS MB (VmHWM) at the end of the start', 'peakMb', 0),
  ].filter((r) => r !== undefined);
  const first = summarizeMs(startup.samples.map((s) => s.firstListMs)).median;
  const budget =
    first === undefined
      ? []
      : [`${mode}: start → first tools/list: ${first.toFixed(0)} ms < ${SERVER_BUDGET.startupMs} ms ${first < SERVER_BUDGET.startupMs ? 'ok' : 'OVER'}`];
  const header = ['measure', 'runs', 'median', 'min', 'p90', 'max'];
  const table = formatGrid(header, [...rows, ...rssRows], [0]);
  return { table, budget };
}

/**
 * Per-call rows per body variant: each request kind's times, its median minus the direct
 * request's median (server/discover has no upstream request, so no difference), and the serving
 * process's CPU time per call where known.
 */
export function callSection(calls) {
  const rows = [];
  const budget = [];
  for (const variant of calls.variants) {
    const direct = summarizeMs(variant.series.direct?.samples ?? []).median;
    const body = `${variant.name} (${variant.bytes} B, ${variant.answer})`;
    for (const [key, s] of Object.entries(variant.series)) {
      const sum = summarizeMs(s.samples);
      const comparable = key !== 'direct' && key !== 'discover' && sum.median !== undefined && direct !== undefined;
      const over = comparable ? sum.median - direct : undefined;
      const diff = key === 'direct' ? '(base)' : over === undefined ? '-' : `+${over.toFixed(3)}`;
      rows.push([body, s.label, String(sum.n), fixed(sum.median, 3), fixed(sum.min, 3), fixed(sum.p90, 3), fixed(sum.max, 1), diff, fixed(s.cpuMsPerCall, 2)]);
      if (over !== undefined && BUDGETED_PATHS.has(key)) {
        const ok = over <= SERVER_BUDGET.callOverheadMs;
        const mode = calls.mode === undefined ? '' : `${calls.mode}: `;
        budget.push(`${mode}${s.label}, ${variant.name} body: adds ${over.toFixed(2)} ms ≤ ${SERVER_BUDGET.callOverheadMs} ms ${ok ? 'ok' : 'OVER'}`);
      }
    }
  }
  const header = ['upstream body', 'request', 'runs', 'median ms', 'min ms', 'p90 ms', 'max ms', 'minus direct', 'server CPU ms/call'];
  return { table: formatGrid(header, rows, [0, 1]), budget };
}
