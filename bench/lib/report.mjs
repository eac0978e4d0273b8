// Turns raw results into the printed table and budget lines.
import { formatRatio, ratio, summarize } from './stats.mjs';

/** Budget from the issue for our mapping of the biggest spec (msgraph, 11,422 operations). */
export const MAP_BUDGET = Object.freeze({ ms: 15_000, rssKb: 1.5 * 1024 * 1024 });

const PEER_CASE = 'peer-generate';

function fmtMs(value) {
  return value === undefined ? '-' : value.toFixed(0);
}

function fmtMb(kb) {
  return kb === undefined ? '-' : (kb / 1024).toFixed(0);
}

/**
 * One row per result: `{ case, spec, status, reason, runs, summary, timeRatio, rssRatio }`.
 * Ratios are ours/peer medians against the peer-generate result of the same spec.
 */
export function buildRows(results) {
  const summaries = results.map((r) => (r.status === 'ok' ? summarize(r.samples) : undefined));
  return results.map((r, i) => {
    const summary = summaries[i];
    let timeRatio;
    let rssRatio;
    if (summary !== undefined && r.case !== PEER_CASE) {
      const peerIndex = results.findIndex(
        (p) => p.case === PEER_CASE && p.spec === r.spec && p.status === 'ok',
      );
      const peer = peerIndex === -1 ? undefined : summaries[peerIndex];
      timeRatio = ratio(summary.medianMs, peer?.medianMs);
      rssRatio = ratio(summary.medianRssKb, peer?.medianRssKb);
    }
    return {
      case: r.case,
      spec: r.spec,
      status: r.status,
      reason: r.reason,
      runs: r.samples.length,
      summary,
      timeRatio,
      rssRatio,
    };
  });
}

/** Plain-text table, columns padded; rows that did not run show their status and reason. */
export function formatTable(rows) {
  const header = [
    'case',
    'spec',
    'runs',
    'median ms',
    'min ms',
    'max ms',
    'peak RSS MB',
    'ours/peer time',
    'ours/peer RSS',
  ];
  const body = rows.map((row) =>
    row.summary === undefined
      ? [row.case, row.spec, `${row.status}: ${row.reason ?? ''}`]
      : [
          row.case,
          row.spec,
          String(row.runs),
          fmtMs(row.summary.medianMs),
          fmtMs(row.summary.minMs),
          fmtMs(row.summary.maxMs),
          fmtMb(row.summary.medianRssKb),
          row.case === PEER_CASE ? '(base)' : formatRatio(row.timeRatio),
          row.case === PEER_CASE ? '(base)' : formatRatio(row.rssRatio),
        ],
  );
  // Name columns fit every row; number columns only the full rows (status rows span them).
  const widths = header.map((h, col) =>
    Math.max(
      h.length,
      ...body
        .filter((cells) => col < 2 || cells.length === header.length)
        .map((cells) => cells[col]?.length ?? 0),
    ),
  );
  const line = (cells) =>
    cells.length === header.length
      ? cells
          .map((cell, col) =>
            col < 2 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0),
          )
          .join('  ')
      : cells.map((cell, col) => (col < 2 ? cell.padEnd(widths[col] ?? 0) : cell)).join('  ');
  return [
    line(header),
    line(header.map((_, col) => '-'.repeat(widths[col] ?? 0))),
    ...body.map(line),
  ].join('\n');
}

/** Budget from the issue: an up-to-date rerun costs at most this share of a full generation. */
export const NOOP_BUDGET = 0.25;

/**
 * "ours-map <spec>: 8.1 s < 15 s ok, 900 MB < 1536 MB ok" for every measured ours-map row, and
 * "ours-generate-noop <spec>: 150 ms = 0.14x ours-generate (budget 0.25x) ok" for every no-op row
 * whose spec also has an ours-generate median.
 */
export function budgetLines(rows) {
  return [...mapBudgetLines(rows), ...noopBudgetLines(rows)];
}

function noopBudgetLines(rows) {
  return rows
    .filter((row) => row.case === 'ours-generate-noop' && row.summary?.medianMs !== undefined)
    .flatMap((row) => {
      const full = rows.find((r) => r.case === 'ours-generate' && r.spec === row.spec)?.summary?.medianMs;
      if (full === undefined) return [];
      const share = row.summary.medianMs / full;
      return [
        `ours-generate-noop ${row.spec}: ${fmtMs(row.summary.medianMs)} ms = ${share.toFixed(2)}x ours-generate (budget ${NOOP_BUDGET.toFixed(2)}x) ${share <= NOOP_BUDGET ? 'ok' : 'OVER'}`,
      ];
    });
}

function mapBudgetLines(rows) {
  return rows
    .filter((row) => row.case === 'ours-map' && row.summary !== undefined)
    .map((row) => {
      const ms = row.summary.medianMs ?? 0;
      const kb = row.summary.medianRssKb;
      const timeOk = ms < MAP_BUDGET.ms;
      const rssOk = kb === undefined ? undefined : kb < MAP_BUDGET.rssKb;
      const rssText =
        kb === undefined
          ? 'RSS unknown'
          : `${fmtMb(kb)} MB < ${fmtMb(MAP_BUDGET.rssKb)} MB ${rssOk ? 'ok' : 'OVER'}`;
      return `ours-map ${row.spec}: ${(ms / 1000).toFixed(2)} s < ${MAP_BUDGET.ms / 1000} s ${timeOk ? 'ok' : 'OVER'}, ${rssText}`;
    });
}
