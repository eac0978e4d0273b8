#!/usr/bin/env node
// Token tables for `npm run bench` (also runnable alone: `node bench/tokens.mjs [spec...]`): what
// the whole static tools/list costs a model, counted with o200k_base (src/report/token-cost.ts),
// with the default (compact) options and with `--output-schema full --descriptions full`, and the
// three tools of dynamic mode.
// Specs: GitHub, Stripe, Kubernetes and Microsoft Graph from ../shared/specs when present
// (msgraph only with the defaults: its full list is 134 MB). Needs `npm run build` first.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// ../shared/specs as for the other cases (a worktree one level deeper looks one more level up).
const SHARED = [path.resolve(repoRoot, '../shared/specs'), path.resolve(repoRoot, '../../shared/specs')].find((d) => existsSync(d)) ?? path.resolve(repoRoot, '../shared/specs');
const DEFAULT_SPECS = [
  { file: 'github-rest.3.0.json', full: true },
  { file: 'stripe.3.0.json', full: true },
  { file: 'kubernetes.3.0.json', full: true },
  { file: 'msgraph-v1.3.0.json', full: false },
];
const MODES = [
  { name: 'default (compact)', args: [] },
  { name: 'full', args: ['--output-schema', 'full', '--descriptions', 'full'] },
];

function toolsJson(spec, args) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(repoRoot, 'dist/cli/bin.js'), 'tools', spec, '--json', ...args], { maxBuffer: 1 << 30, cwd: repoRoot }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout).tools),
    );
  });
}

const fmt = (n) => n.toLocaleString('en-US');

/**
 * The dynamic-mode tools/list of a spec, every tool selected: the runtime's own dynamicToolList
 * (templates/runtime/dynamic-tools.gen.ts, loaded with jiti) over the catalog generation writes.
 */
async function dynamicList(specPath) {
  const pipeline = await import(pathToFileURL(path.join(repoRoot, 'dist/index.js')).href);
  const { toolCatalog } = await import(pathToFileURL(path.join(repoRoot, 'dist/emit/tool-search-files.js')).href);
  const { createJiti } = await import('jiti');
  const { dynamicToolList } = await createJiti(import.meta.url).import(path.join(repoRoot, 'templates/runtime/dynamic-tools.gen.ts'));
  const loaded = await pipeline.loadSpec(specPath);
  const { tools, toolsetDescriptions } = pipeline.mapToTools(pipeline.normalizeSpec(loaded));
  // As the package stores it: with each toolset line's tokens, by which the server's list stops.
  const catalog = toolCatalog(tools, toolsetDescriptions);
  const title = typeof loaded.document?.info?.title === 'string' ? loaded.document.info.title : path.basename(specPath);
  return dynamicToolList({ title }, catalog, tools.map((_, i) => i));
}

export async function tokenTables(specs = DEFAULT_SPECS.filter((s) => existsSync(path.join(SHARED, s.file))).map((s) => ({ ...s, path: path.join(SHARED, s.file) }))) {
  const { loadTokenCounter, measureToolList } = await import(pathToFileURL(path.join(repoRoot, 'dist/report/token-cost.js')).href);
  const count = await loadTokenCounter();
  const rows = [['spec', 'options', 'tools', 'tools/list bytes', 'tokens', 'median/tool', 'input schemas', 'output schemas', 'descriptions']];
  for (const spec of specs) {
    for (const mode of MODES) {
      if (mode.args.length > 0 && spec.full === false) continue;
      const tools = await toolsJson(spec.path, mode.args);
      const cost = measureToolList(tools, count);
      rows.push([path.basename(spec.path), mode.name, fmt(cost.tools), fmt(cost.bytes), fmt(cost.tokens), fmt(cost.median), fmt(cost.inputSchema), fmt(cost.outputSchema), fmt(cost.descriptions)]);
    }
    const listed = await dynamicList(spec.path);
    const cost = measureToolList(listed, count);
    rows.push([path.basename(spec.path), 'dynamic (--tools-mode dynamic)', fmt(cost.tools), fmt(cost.bytes), fmt(cost.tokens), fmt(cost.median), fmt(cost.inputSchema), fmt(cost.outputSchema), fmt(cost.descriptions)]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return ['tools/list tokens (o200k_base; other tokenizers differ by a few percent):', line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const given = process.argv.slice(2).map((p) => ({ path: path.resolve(p), full: true }));
  tokenTables(given.length > 0 ? given : undefined).then((table) => process.stdout.write(`${table}\n`), (error) => {
    process.stderr.write(`bench tokens: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
