import type { ChangeReport } from '../report/change-report.js';
import type { WriteReport } from '../write/write-plan.js';
import { printable } from './printable.js';

/** How many tools of each kind (added, removed, changed) are listed before "… N more". */
const LIST_LIMIT = 20;

/**
 * The lines a regeneration prints about its tools: a count line, then `+ added`, `- removed`,
 * `~ changed: what changed`, breaking ones marked, then a changed base URL. Nothing for a first
 * generation (the summary line already counts the tools) or when the run was skipped.
 */
export function changeReportLines(changes: ChangeReport): string[] {
  if (changes.firstGeneration) return [];
  const { baseUrl } = changes;
  const base = baseUrl === undefined ? [] : [printable(`base URL: ${baseUrl.before ?? 'none'} → ${baseUrl.after ?? 'none (the server needs --base-url)'}`)];
  return [...toolLines(changes), ...base];
}

function toolLines(changes: ChangeReport): string[] {
  const { added, removed, changed } = changes;
  if (added.length + removed.length + changed.length === 0) return ['tools: no changes'];
  const breakingCount = removed.length + changed.filter((c) => c.breaking).length;
  const counts = [`${added.length} added`, `${removed.length} removed`, `${changed.length} changed`].join(', ');
  const lines = [`tools: ${counts}${breakingCount > 0 ? ` (${breakingCount} breaking)` : ''}`];
  const list = (items: string[]): void => {
    lines.push(...items.slice(0, LIST_LIMIT));
    if (items.length > LIST_LIMIT) lines.push(`  … ${items.length - LIST_LIMIT} more (--report <file> lists them all)`);
  };
  list(added.map((name) => `  + ${name}`));
  const renamed = new Map((changes.renamed ?? []).map((r) => [r.from, r]));
  list(removed.map((name) => {
    const r = renamed.get(name);
    return `  - ${name} (breaking: tool removed${r === undefined ? '' : `; ${r.endpoint} is ${r.to} now`})`;
  }));
  list(changedLines(changed));
  return lines.map(printable);
}

/** How many tools with the same changes are listed one by one before they become one line. */
const SAME_CHANGE_LIMIT = 5;

/**
 * `~ tool: what changed`, except where more than {@link SAME_CHANGE_LIMIT} tools changed alike
 * (`--auth` added changes every tool's credentials): one line with their count and the first names.
 */
function changedLines(changed: ChangeReport['changed']): string[] {
  const described = changed.map((c) => ({ tool: c.tool, what: c.changes.map((x) => (x.breaking ? `${x.message} (breaking)` : x.message)).join('; ') }));
  const alike = new Map<string, string[]>();
  for (const { tool, what } of described) alike.set(what, [...(alike.get(what) ?? []), tool]);
  const grouped = [...alike].filter(([, tools]) => tools.length > SAME_CHANGE_LIMIT);
  return [
    ...grouped.map(([what, tools]) => `  ~ ${tools.length} tools: ${what} (${tools.slice(0, 3).join(', ')}, …)`),
    ...described.filter(({ what }) => alike.get(what)!.length <= SAME_CHANGE_LIMIT).map(({ tool, what }) => `  ~ ${tool}: ${what}`),
  ];
}

/** Warnings about files: generated files overwritten despite local edits, stale edited files kept, user files no longer used. */
export function fileNoticeLines(report: WriteReport, check: boolean): string[] {
  return [
    ...report.overwritten.map((f) => `${check ? 'would overwrite' : 'overwrote'} ${f}: edited since it was generated (put changes in files you own)`),
    ...report.kept.map((f) => `${check ? 'would keep' : 'kept'} ${f}: no longer generated, but edited since it was generated (delete it when unused)`),
    ...(report.unused ?? []).map((f) => `${f} is no longer used: its tool is gone, so the file is kept as it is (delete it when done; until then the build reports it)`),
  ].map(printable);
}
