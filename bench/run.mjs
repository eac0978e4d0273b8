#!/usr/bin/env node
// `npm run bench`: times the peer generator and our CLI on real specs. See bench/README.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { USAGE, UsageError, parseBenchArgs } from './lib/args.mjs';
import { CASE_DESCRIPTIONS, planCases } from './lib/cases.mjs';
import { gitCommit } from './lib/git.mjs';
import { describeFailure, detectRssProbe, runMeasured } from './lib/measure.mjs';
import { locateOursCli } from './lib/ours.mjs';
import { PEER_PACKAGE, PEER_VERSION, ensurePeer } from './lib/peer.mjs';
import { budgetLines, buildRows, formatTable } from './lib/report.mjs';
import { resolveSpecs } from './lib/specs.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message) => process.stderr.write(`${message}\n`);

/**
 * Where generations write: `--out-root`, else `.bench/out` in this repository (git-ignored), i.e.
 * inside a project, where users generate. File creation speed on the development VM varies a lot
 * (0.02-0.35 ms per file within one session, in /tmp and under /work alike), and a big API makes
 * us write ~100 files to the peer's 8, so a slow disk shows in the ratio: compare one run's rows.
 */
function outRoot(options) {
  const root = options.outRoot === undefined ? path.join(repoRoot, '.bench', 'out') : path.resolve(options.outRoot);
  mkdirSync(root, { recursive: true });
  return root;
}

async function runOnce(item, probe, options, abortSignal) {
  const tmp = item.needsOutDir ? mkdtempSync(path.join(outRoot(options), 'openapi-mcp-bench-out-')) : undefined;
  try {
    const outDir = tmp === undefined ? '' : path.join(tmp, 'out');
    if (item.prepareArgs !== undefined) {
      const prepared = await runMeasured({
        nodeArgs: item.prepareArgs(outDir),
        cwd: repoRoot,
        probe,
        timeoutMs: options.timeoutMs,
        abortSignal,
      });
      if (!prepared.ok) return prepared;
    }
    return await runMeasured({
      nodeArgs: item.nodeArgs(outDir),
      cwd: repoRoot,
      probe,
      timeoutMs: options.timeoutMs,
      abortSignal,
    });
  } finally {
    if (tmp !== undefined) rmSync(tmp, { recursive: true, force: true });
  }
}

/** Round-robin over the spec's cases (A B C A B C …) so drift hits every case alike. */
async function runSpec(entries, probe, options, abortSignal) {
  const rounds = options.warmup + options.runs;
  for (let round = 0; round < rounds; round += 1) {
    const warm = round < options.warmup;
    for (const { item, result } of entries) {
      if (result.status !== 'pending') continue;
      const run = await runOnce(item, probe, options, abortSignal);
      if (abortSignal.aborted) return;
      const label = warm ? 'warm-up' : `run ${round - options.warmup + 1}/${options.runs}`;
      if (!run.ok) {
        result.status = round === 0 ? 'unavailable' : 'failed';
        result.reason = describeFailure(run, options.timeoutMs);
        log(`[${item.spec}] ${item.name} ${label}: ${result.status} (${result.reason})`);
        continue;
      }
      const sample = { ms: run.ms, rssKb: run.rssKb };
      (warm ? result.warmups : result.samples).push(sample);
      const mb = run.rssKb === undefined ? '?' : (run.rssKb / 1024).toFixed(0);
      log(`[${item.spec}] ${item.name} ${label}: ${run.ms.toFixed(0)} ms, ${mb} MB`);
    }
  }
  for (const { result } of entries) if (result.status === 'pending') result.status = 'ok';
}

async function main(argv) {
  const options = parseBenchArgs(argv);
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const notes = [];
  const { specs, notes: specNotes } = resolveSpecs(repoRoot, options.specs);
  notes.push(...specNotes);
  for (const note of specNotes) log(`note: ${note}`);

  const probe = detectRssProbe();
  notes.push(probe.note);

  const peerNeeded =
    options.cases.includes('peer-generate') && specs.some((s) => !s.mapOnly || options.peerAll);
  const peer = peerNeeded ? ensurePeer(repoRoot, log) : undefined;
  const oursNeeded = options.cases.some((name) => name !== 'peer-generate');
  const ours = oursNeeded ? locateOursCli(repoRoot, log) : { bin: '', unavailable: undefined };

  const plan = planCases({
    specs,
    cases: options.cases,
    peerAll: options.peerAll,
    peerBin: peer?.bin,
    oursBin: ours.bin,
    oursUnavailable: ours.unavailable,
  });
  const entries = plan.map((item) => ({
    item,
    result: {
      case: item.name,
      spec: item.spec,
      specPath: item.specPath,
      status: item.skip?.status ?? 'pending',
      reason: item.skip?.reason,
      samples: [],
      warmups: [],
    },
  }));

  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    for (const spec of specs) {
      await runSpec(
        entries.filter((e) => e.item.specPath === spec.path),
        probe,
        options,
        abort.signal,
      );
      if (abort.signal.aborted) {
        log('interrupted');
        return 130;
      }
    }
  } finally {
    process.removeListener('SIGINT', onSigint);
  }

  const results = entries.map((e) => e.result);
  const rows = buildRows(results);
  const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
  const commit = gitCommit(repoRoot);
  process.stdout.write(
    [
      '',
      `node ${process.version}, ${os.platform()} ${os.arch()}, ${os.cpus().length} x ${cpu}` +
        `${commit === undefined ? '' : `, openapi-mcp @ ${commit}`}, peer ${PEER_PACKAGE}@${peer?.version ?? PEER_VERSION}`,
      `${options.runs} measured run(s) per case after ${options.warmup} warm-up, medians; ratio = ours median / peer-generate median on the same spec`,
      '',
      formatTable(rows),
      '',
      ...budgetLines(rows),
      ...notes.map((note) => `note: ${note}`),
      '',
    ].join('\n'),
  );

  // What the tool surfaces cost a model, per spec and options (bench/tokens.mjs).
  try {
    const { tokenTables } = await import('./tokens.mjs');
    process.stdout.write(`${await tokenTables()}\n\n`);
  } catch (error) {
    log(`token tables unavailable: ${error instanceof Error ? error.message : String(error)}`);
  }

  if (options.json !== undefined) {
    const report = {
      meta: {
        date: new Date().toISOString(),
        node: process.version,
        platform: `${os.platform()} ${os.arch()}`,
        cpu,
        cpus: os.cpus().length,
        commit,
        peer: `${PEER_PACKAGE}@${peer?.version ?? PEER_VERSION}`,
        rss: probe.kind,
        runs: options.runs,
        warmup: options.warmup,
        cases: CASE_DESCRIPTIONS,
      },
      results: results.map((r, i) => ({
        ...r,
        summary: rows[i]?.summary,
        timeRatio: rows[i]?.timeRatio,
        rssRatio: rows[i]?.rssRatio,
      })),
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
      log(`bench: ${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      log(`bench: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  },
);
