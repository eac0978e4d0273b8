// Build phase: generate the server package, then time `npm install` and `npm run build` apart,
// for our generator and (same rounds, interleaved) for the peer's own output.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { npmCommand } from './npm.mjs';
import { peerArgs } from './peer.mjs';
import { failureLine, runTimed } from './server-process.mjs';

export const INSTALL_ARGS = Object.freeze(['install', '--prefer-offline', '--no-audit', '--no-fund']);
export const BUILD_ARGS = Object.freeze(['run', 'build']);

/**
 * The environment for npm in another package: without what `npm run bench:server` put there about
 * this repository (its package, lifecycle and local prefix).
 */
export function childNpmEnv(env) {
  const out = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^npm_(package_|lifecycle_|command$|config_local_prefix$)/i.test(key)) continue;
    out[key] = value;
  }
  return out;
}

function newSeries(who, step, command) {
  return { who, step, command, status: 'pending', reason: undefined, samples: [], warmups: [] };
}

/**
 * One round for one generator: fresh output dir, generate, install, build. Each step's time lands
 * in its series (`warm` rounds in `warmups`). A failing step marks its series and ends the round;
 * for the peer a failing build is the expected outcome (TS2590) and is timed like a success.
 */
async function oneRound({ who, generate, dir, series, warm, ctx }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  const env = childNpmEnv(process.env);
  const install = npmCommand([...INSTALL_ARGS]);
  const build = npmCommand([...BUILD_ARGS]);
  const steps = [
    { key: 'generate', cmd: process.execPath, args: generate, cwd: ctx.repoRoot },
    { key: 'install', cmd: install.cmd, args: install.args, cwd: dir },
    { key: 'build', cmd: build.cmd, args: build.args, cwd: dir },
  ];
  const times = {};
  for (const step of steps) {
    const s = series[step.key];
    if (s.status === 'unavailable') return;
    const result = await runTimed(step.cmd, step.args, { cwd: step.cwd, timeoutMs: ctx.timeoutMs, tracker: ctx.tracker, env });
    const label = warm ? 'warm-up' : 'run';
    if (!result.ok) {
      const reason = failureLine(result, ctx.timeoutMs);
      ctx.log(`[${who}] ${step.key} ${label}: failed after ${(result.ms / 1000).toFixed(1)} s (${reason})`);
      const expected = who === 'peer' && step.key === 'build' && !result.timedOut;
      if (!expected) {
        s.status = s.samples.length === 0 && s.warmups.length === 0 ? 'unavailable' : 'failed';
        s.reason = reason;
        return;
      }
      s.status = 'failed';
      s.reason = reason;
    } else {
      ctx.log(`[${who}] ${step.key} ${label}: ${(result.ms / 1000).toFixed(2)} s`);
    }
    (warm ? s.warmups : s.samples).push({ ms: result.ms });
    times[step.key] = result.ms;
  }
  if (times.install !== undefined && times.build !== undefined) {
    (warm ? series.total.warmups : series.total.samples).push({ ms: times.install + times.build });
  }
}

/**
 * Runs `warmup + runs` rounds, ours then peer in each. Returns the series
 * `{ who, step, command, status, reason, samples: [{ ms }], warmups }` for ours and the peer
 * (generate, install, build, install + build). Ours ends with a built package in `oursDir`.
 */
export async function runBuildPhase({ repoRoot, specPath, oursBin, peerBin, oursDir, peerDir, options, tracker, log }) {
  const ctx = { repoRoot, timeoutMs: options.timeoutMs, tracker, log };
  const makeSeries = (who, generateCommand) => ({
    generate: newSeries(who, 'generate', generateCommand),
    install: newSeries(who, 'npm install', `npm ${INSTALL_ARGS.join(' ')}`),
    build: newSeries(who, 'npm run build', 'npm run build'),
    total: newSeries(who, 'install + build', 'npm install + npm run build'),
  });
  const ours = makeSeries('ours', 'openapi-mcp generate <spec> --out <dir>');
  const peer = peerBin === undefined ? undefined : makeSeries('peer', 'openapi-mcp-generator --input <spec> --output <dir> --force');
  const rounds = options.buildWarmup + options.buildRuns;
  for (let round = 0; round < rounds; round++) {
    const warm = round < options.buildWarmup;
    log(`build round ${round + 1}/${rounds}${warm ? ' (warm-up)' : ''}`);
    // Ours last in the final round, so that the measured server is the one just built.
    if (peer !== undefined) {
      await oneRound({ who: 'peer', generate: peerArgs(peerBin, specPath, peerDir), dir: peerDir, series: peer, warm, ctx });
    }
    await oneRound({ who: 'ours', generate: [oursBin, 'generate', specPath, '--out', oursDir], dir: oursDir, series: ours, warm, ctx });
  }
  const all = [ours, ...(peer === undefined ? [] : [peer])].flatMap((s) => [s.generate, s.install, s.build, s.total]);
  for (const s of all) {
    if (s.status === 'pending') s.status = s.samples.length > 0 ? 'ok' : 'unavailable';
    if (s.status === 'unavailable' && s.reason === undefined) s.reason = 'an earlier step failed';
  }
  // The peer's build fails by design: keep its times, flagged, so the same-run comparison stands.
  if (peer !== undefined && peer.build.status === 'failed' && peer.total.samples.length > 0) {
    peer.total.status = 'failed';
    peer.total.reason = peer.build.reason;
  }
  if (!existsSync(path.join(oursDir, 'dist', 'main.js'))) log('note: our package did not build; later phases are skipped');
  return all;
}
