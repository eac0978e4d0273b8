#!/usr/bin/env node
// `npm run bench:server`: times the generated MCP server for the GitHub spec (`--msgraph`:
// Microsoft Graph) — install + build, start-up to the first tools/list answer and RSS, per-call
// overhead over a direct upstream request, in static and dynamic mode. See bench/README.md.
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from './lib/args.mjs';
import { gitCommit } from './lib/git.mjs';
import { locateOursCli } from './lib/ours.mjs';
import { PEER_PACKAGE, PEER_VERSION, ensurePeer } from './lib/peer.mjs';
import { SERVER_USAGE, parseServerBenchArgs } from './lib/server-args.mjs';
import { runBuildPhase } from './lib/server-build.mjs';
import { runCallPhase } from './lib/server-calls.mjs';
import { createProcessTracker } from './lib/server-process.mjs';
import { SERVER_BUDGET, buildSection, callSection, startupSection } from './lib/server-report.mjs';
import { resolveMsgraphSpec, resolveServerSpec } from './lib/server-spec.mjs';
import { runStartupPhase } from './lib/server-startup.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message) => process.stderr.write(`${message}\n`);

async function loadClient(notes) {
  try {
    const lib = await import('@modelcontextprotocol/client');
    return { Client: lib.Client, StreamableHTTPClientTransport: lib.StreamableHTTPClientTransport };
  } catch (error) {
    notes.push(`@modelcontextprotocol/client not loadable, client rows skipped: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

function peerBinOrNote(options, notes) {
  if (!options.peer) return undefined;
  try {
    return ensurePeer(repoRoot, log).bin;
  } catch (error) {
    notes.push(`peer not timed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return undefined;
  }
}

/** Makes sure `oursDir` holds a built server when the build phase did not run. */
async function prepareServer({ spec, oursBin, oursDir, options, tracker, notes }) {
  const built = existsSync(path.join(oursDir, 'dist', 'main.js'));
  if (options.reuse && built) {
    notes.push(`--reuse: measured the existing ${path.relative(repoRoot, oursDir)} as it is (not regenerated)`);
    return;
  }
  log(`building ${path.relative(repoRoot, oursDir)} (untimed) ...`);
  const series = await runBuildPhase({
    repoRoot,
    specPath: spec.path,
    oursBin,
    peerBin: undefined,
    oursDir,
    peerDir: '',
    options: { ...options, buildRuns: 1, buildWarmup: 0 },
    tracker,
    log,
  });
  const failed = series.find((s) => s.status !== 'ok');
  if (failed !== undefined) throw new Error(`could not build the generated server: ${failed.step}: ${failed.reason}`);
}

async function main(argv) {
  const options = parseServerBenchArgs(argv);
  if (options.help) {
    process.stdout.write(`${SERVER_USAGE}\n`);
    return 0;
  }
  const notes = [];
  const given = options.spec === undefined ? undefined : resolveServerSpec(repoRoot, options.spec);
  const spec = options.msgraph ? (given === undefined ? resolveMsgraphSpec(repoRoot) : { ...given, label: 'msgraph' }) : (given ?? resolveServerSpec(repoRoot, undefined));
  if (spec === undefined) {
    process.stdout.write('\nbench:server --msgraph: ../shared/specs/msgraph-v1.3.0.json is absent; Microsoft Graph not measured\n');
    return 0;
  }
  if (spec.note !== undefined) {
    notes.push(spec.note);
    log(`note: ${spec.note}`);
  }
  const oursDir = path.join(repoRoot, '.bench', `${spec.label}-server`);
  const peerDir = path.join(repoRoot, '.bench', `peer-${spec.label}-server`);
  const tracker = createProcessTracker();
  process.once('exit', () => tracker.killAll());
  const onSigint = () => {
    log('interrupted');
    tracker.killAll();
    process.exit(130);
  };
  process.once('SIGINT', onSigint);

  const ours = locateOursCli(repoRoot, log);
  if (ours.unavailable !== undefined) throw new Error(ours.unavailable);
  const clientLib = options.client && options.phases.some((p) => p !== 'build') ? await loadClient(notes) : undefined;

  const results = { build: undefined, startup: [], calls: [] };
  if (options.phases.includes('build')) {
    const peerBin = peerBinOrNote(options, notes);
    results.build = await runBuildPhase({ repoRoot, specPath: spec.path, oursBin: ours.bin, peerBin, oursDir, peerDir, options, tracker, log });
  } else if (options.phases.length > 0) {
    await prepareServer({ spec, oursBin: ours.bin, oursDir, options, tracker, notes });
  }
  const serverBuilt = existsSync(path.join(oursDir, 'dist', 'main.js'));
  for (const mode of serverBuilt ? options.toolsModes : []) {
    if (options.phases.includes('startup')) {
      results.startup.push(await runStartupPhase({ dir: oursDir, mode, options, tracker, clientLib, log }));
    }
    if (options.phases.includes('call')) {
      try {
        results.calls.push(await runCallPhase({ dir: oursDir, mode, specPath: spec.path, options, tracker, clientLib, log }));
      } catch (error) {
        results.calls.push({ mode, error: error instanceof Error ? error.message : String(error) });
        log(`${mode} call phase failed: ${results.calls.at(-1).error}`);
      }
    }
  }
  tracker.killAll();
  process.removeListener('SIGINT', onSigint);

  const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
  const commit = gitCommit(repoRoot);
  const out = [
    '',
    `node ${process.version}, ${os.platform()} ${os.arch()}, ${os.cpus().length} x ${cpu}${commit === undefined ? '' : `, openapi-mcp @ ${commit}`}`,
    `spec ${spec.label} (${path.relative(repoRoot, spec.path)}), server package ${path.relative(repoRoot, oursDir)}`,
  ];
  const budget = [];
  if (results.build !== undefined) {
    const section = buildSection(results.build);
    out.push('', `Build: ${options.buildRuns} round(s) after ${options.buildWarmup} warm-up; fresh directory each round; peer ${PEER_PACKAGE}@${PEER_VERSION} in the same rounds`, '', section.table);
    budget.push(...section.budget);
  }
  for (const startup of results.startup) {
    out.push('', `Start-up, ${startup.mode} mode: ${options.starts} start(s) after 1 warm-up; node dist/main.js --http --tools-mode ${startup.mode}, tools/list polled every 2 ms; ms unless the row says MB`, '');
    if (startup.samples.length > 0) {
      const section = startupSection(startup);
      out.push(section.table);
      budget.push(...section.budget);
    }
    if (startup.status !== 'ok') out.push(`start-up ${startup.status}: ${startup.reason}`);
  }
  for (const c of results.calls) {
    if (c.error !== undefined) {
      out.push('', `Per call, ${c.mode} mode: failed: ${c.error}`);
      continue;
    }
    const via = c.mode === 'dynamic' ? 'call_tool { name, arguments } → ' : '';
    const rss = c.rss === undefined ? '' : `; HTTP server RSS after the calls ${c.rss.rssMb.toFixed(0)} MB, peak ${c.rss.peakMb.toFixed(0)} MB`;
    out.push(
      '',
      `Per call, ${c.mode} mode: ${via}${c.tool} ${JSON.stringify(c.arguments)} → GET ${c.target}; ${options.calls} calls per request kind after ${options.callWarmup} warm-up, interleaved${rss}`,
      c.clientConnectMs === undefined ? '' : `(official client connect: ${c.clientConnectMs.toFixed(1)} ms, once; its rows include client-side work such as output-schema validation)`,
      '',
      callSection(c).table,
    );
    budget.push(...callSection(c).budget);
  }
  out.push('', ...budget, ...notes.map((note) => `note: ${note}`), '');
  process.stdout.write(out.filter((line, i, all) => !(line === '' && all[i - 1] === '')).join('\n'));

  if (options.json !== undefined) {
    const report = {
      meta: {
        date: new Date().toISOString(),
        node: process.version,
        platform: `${os.platform()} ${os.arch()}`,
        cpu,
        cpus: os.cpus().length,
        commit,
        spec: spec.path,
        peer: `${PEER_PACKAGE}@${PEER_VERSION}`,
        budget: SERVER_BUDGET,
        options,
      },
      ...results,
      notes,
    };
    writeFileSync(path.resolve(options.json), `${JSON.stringify(report, null, 2)}\n`);
    log(`raw results written to ${options.json}`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    if (error instanceof UsageError) {
      log(`bench:server: ${error.message}\n\n${SERVER_USAGE}`);
      process.exitCode = 2;
    } else {
      log(`bench:server: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  },
);
