// The host's first tool call on a big API: the official client lists every tool of the
// generated server (stdio, static mode), then calls one. Before that first call goes out the
// client compiles a validator for every listed outputSchema, so the time from `callTool()` to
// its answer is what a user waits for. Both output-schema modes run in the same rounds.
//
//   node bench/first-call.mjs [--spec FILE] [--runs N] [--mode compact --mode full] [--tool NAME --args JSON]
//
// A benchmark, not a test: it prints medians and exits 0 once it has run (setup errors exit 1).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BUILD_ARGS, INSTALL_ARGS, childNpmEnv } from './lib/server-build.mjs';
import { createProcessTracker, failureLine, runTimed, startUpstream } from './lib/server-process.mjs';
import { SMALL_BODY } from './lib/server-spec.mjs';
import { npmCommand } from './lib/npm.mjs';
import { median } from './lib/stats.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const valuesOf = (flag) => args.flatMap((a, i) => (a === flag && args[i + 1] !== undefined ? [args[i + 1]] : []));
const spec = path.resolve(valuesOf('--spec')[0] ?? path.join(repoRoot, '..', 'shared', 'specs', 'github-rest.3.0.json'));
const runs = Number(valuesOf('--runs')[0] ?? '5');
const modes = valuesOf('--mode').length > 0 ? valuesOf('--mode') : ['compact', 'full'];
const tool = valuesOf('--tool')[0] ?? 'repos_get';
const toolArgs = JSON.parse(valuesOf('--args')[0] ?? '{"owner":"octocat","repo":"Hello-World"}');
const oursBin = path.join(repoRoot, 'dist', 'cli', 'bin.js');

if (!existsSync(spec)) fail(`no spec at ${spec} (pass --spec)`);
if (!existsSync(oursBin)) fail('dist/cli/bin.js is missing: run npm run build first');

function fail(message) {
  console.error(`first-call: ${message}`);
  process.exit(1);
}

const sinceMs = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const tracker = createProcessTracker();

async function step({ cmd, args: cmdArgs }, cwd, what) {
  const result = await runTimed(cmd, cmdArgs, { cwd, timeoutMs: 600_000, tracker, env: childNpmEnv(process.env) });
  if (!result.ok) fail(`${what} failed: ${failureLine(result, 600_000)}`);
}

/** Generates, installs and builds one package per mode. */
async function build(mode) {
  const dir = path.join(repoRoot, '.bench', `first-call-${mode}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  const generate = [oursBin, 'generate', spec, '--out', dir, '--name', 'first-call', '--tools-mode', 'static', '--output-schema', mode];
  await step({ cmd: process.execPath, args: generate }, repoRoot, `generate (${mode})`);
  await step(npmCommand(INSTALL_ARGS), dir, `npm install (${mode})`);
  await step(npmCommand(BUILD_ARGS), dir, `npm run build (${mode})`);
  return dir;
}

/** One host session: connect, list every page, then the first and a second call. */
async function session(dir, base) {
  const client = new Client({ name: 'openapi-mcp-first-call', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: process.execPath, args: ['dist/main.js', '--base-url', base], cwd: dir, stderr: 'ignore' });
  let t = process.hrtime.bigint();
  await client.connect(transport);
  let tools = 0;
  let cursor;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools += page.tools.length;
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  const listMs = sinceMs(t);
  t = process.hrtime.bigint();
  const first = await client.callTool({ name: tool, arguments: toolArgs });
  const firstMs = sinceMs(t);
  t = process.hrtime.bigint();
  await client.callTool({ name: tool, arguments: toolArgs });
  const secondMs = sinceMs(t);
  await client.close();
  if (!Array.isArray(first.content)) throw new Error(`${tool} gave no result`);
  return { tools, listMs, firstMs, secondMs, isError: first.isError === true };
}

const dirs = {};
for (const mode of modes) dirs[mode] = await build(mode);
const upstream = await startUpstream(tracker, 1800);
await fetch(`${upstream.base}/__bench__/body`, { method: 'PUT', body: SMALL_BODY });
const samples = Object.fromEntries(modes.map((m) => [m, []]));
try {
  for (let round = 0; round <= runs; round++) {
    for (const mode of round % 2 === 0 ? modes : [...modes].reverse()) {
      const run = await session(dirs[mode], upstream.base);
      if (round > 0) samples[mode].push(run);
      console.error(`round ${round === 0 ? 'warm-up' : `${round}/${runs}`} ${mode}: ${run.tools} tools listed in ${run.listMs.toFixed(0)} ms, first call ${run.firstMs.toFixed(0)} ms, second ${run.secondMs.toFixed(1)} ms`);
    }
  }
} finally {
  await upstream.stop();
  tracker.killAll();
}

console.log(`\nFirst tools/call after listing every tool, official client over stdio (${path.basename(spec)}, ${runs} runs, medians):\n`);
console.log('| --output-schema | tools | list all pages ms | first call ms | second call ms |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const mode of modes) {
  const s = samples[mode];
  const m = (key) => median(s.map((r) => r[key]))?.toFixed(key === 'secondMs' ? 1 : 0) ?? '-';
  console.log(`| ${mode} | ${s[0]?.tools ?? '-'} | ${m('listMs')} | ${m('firstMs')} | ${m('secondMs')} |`);
}
console.log('\nTarget (issue 9): the first call within 1 s with the default (compact).');
