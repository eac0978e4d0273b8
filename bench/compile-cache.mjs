#!/usr/bin/env node
// `node bench/compile-cache.mjs --dir <built server package>...`: what V8's compile cache
// (templates/runtime/compile-cache.gen.ts) does to a generated server's start-up, spawn → first
// tools/list answer, in the same run: per package, tools mode and transport, starts with the cache
// off (NODE_DISABLE_COMPILE_CACHE=1), cold (an empty cache directory: this start compiles and
// writes it) and warm (the directory a previous start wrote), in a rotating order each round.
// `--load N` keeps N busy loops running meanwhile (a machine shared with a test suite). See
// bench/README.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { postRpc, rpcText } from './lib/server-mcp.mjs';
import { clockTicks, cpuMsOf, createProcessTracker, freePort, sleep, spawnServer, stopChild } from './lib/server-process.mjs';
import { median } from './lib/stats.mjs';

const USAGE = `Usage: node bench/compile-cache.mjs --dir <package> [--dir <package>]... [options]

  --dir <path>          a built generated server package (e.g. .bench/msgraph-server; repeatable)
  --tools-mode <mode>   static, dynamic (repeatable; default both)
  --transport <name>    stdio, http (repeatable; default both)
  --starts <n>          measured starts per variant (default 5; one unmeasured round first)
  --variant <name>      off, cold, warm (repeatable; default all three)
  --load <n>            busy loops (node -e 'for(;;){}') running during the starts (default 0)
  -h, --help            show this help`;

const VARIANTS = ['off', 'cold', 'warm'];
const TICKS = clockTicks();
const START_TIMEOUT_MS = 60_000;

const log = (message) => process.stderr.write(`${message}\n`);
const sinceMs = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/** The environment of one start: the cache in `tmp` (Node's default directory lives under os.tmpdir()). */
function startEnv(variant, tmp) {
  const env = { ...process.env, TMPDIR: tmp };
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  if (variant === 'off') env.NODE_DISABLE_COMPILE_CACHE = '1';
  return env;
}

/** stdio: the request is written at spawn (the pipe keeps it); resolves when its answer arrives. */
async function firstListStdio(dir, mode, env, tracker) {
  const start = process.hrtime.bigint();
  const { child, stderr } = spawnServer(dir, ['--tools-mode', mode], tracker, { stdio: true, env });
  try {
    child.stdin.write(`${rpcText(1, 'tools/list', {})}\n`);
    const ms = await new Promise((resolve, reject) => {
      let buffer = '';
      const timer = setTimeout(() => reject(new Error(`no tools/list answer within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      child.stdout.setEncoding('utf8').on('data', (chunk) => {
        buffer += chunk;
        const end = buffer.indexOf('\n');
        if (end === -1) return;
        clearTimeout(timer);
        const message = JSON.parse(buffer.slice(0, end));
        if (!Array.isArray(message.result?.tools)) reject(new Error(`tools/list answered ${buffer.slice(0, 200)}`));
        else resolve({ ms: sinceMs(start), cpuMs: cpuMsOf(child.pid, TICKS) });
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr().trim().split('\n').at(-1) ?? ''}`)));
    });
    return ms;
  } finally {
    // Closing stdin ends the server normally, as a host does.
    child.stdin.end();
    await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(5_000)]);
    await stopChild(child);
  }
}

/** HTTP: tools/list polled every 2 ms from spawn, as bench/lib/server-startup.mjs does. */
async function firstListHttp(dir, mode, env, tracker) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
  const start = process.hrtime.bigint();
  const { child, stderr } = spawnServer(dir, ['--http', '--port', String(port), '--tools-mode', mode], tracker, { env });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr().trim().split('\n').at(-1) ?? ''}`);
      try {
        const { status, message } = await postRpc(url, 'tools/list', {});
        if (status === 200 && Array.isArray(message.result?.tools)) return { ms: sinceMs(start), cpuMs: cpuMsOf(child.pid, TICKS) };
        throw new Error(`tools/list answered ${status}`);
      } catch (error) {
        if (!(error instanceof TypeError)) throw error; // not listening yet
      }
      if (sinceMs(start) > START_TIMEOUT_MS) throw new Error(`no tools/list answer within ${START_TIMEOUT_MS} ms`);
      await sleep(2);
    }
  } finally {
    await stopChild(child); // SIGTERM: the server closes and exits
  }
}

function parse(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      dir: { type: 'string', multiple: true },
      'tools-mode': { type: 'string', multiple: true },
      variant: { type: 'string', multiple: true },
      transport: { type: 'string', multiple: true },
      starts: { type: 'string', default: '5' },
      load: { type: 'string', default: '0' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const modes = values['tools-mode'] ?? ['static', 'dynamic'];
  const transports = values.transport ?? ['stdio', 'http'];
  const variants = values.variant ?? VARIANTS;
  const starts = Number(values.starts);
  const load = Number(values.load);
  const bad = (values.dir ?? []).length === 0 ? '--dir is required'
    : modes.some((m) => m !== 'static' && m !== 'dynamic') ? '--tools-mode is static or dynamic'
      : transports.some((t) => t !== 'stdio' && t !== 'http') ? '--transport is stdio or http'
        : variants.some((v) => !VARIANTS.includes(v)) ? '--variant is off, cold or warm'
        : !Number.isSafeInteger(starts) || starts < 1 ? '--starts must be a positive integer'
          : !Number.isSafeInteger(load) || load < 0 ? '--load must be 0 or more' : undefined;
  return { help: values.help === true, bad, dirs: values.dir ?? [], modes, transports, variants, starts, load };
}

async function main() {
  const options = parse(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (options.bad !== undefined) {
    log(`compile-cache: ${options.bad}`);
    return 2;
  }
  const tracker = createProcessTracker();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'openapi-mcp-compile-cache-'));
  const stop = () => {
    tracker.killAll();
    rmSync(scratch, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    for (let i = 0; i < options.load; i++) tracker.track(spawnBusy());
    const cells = options.dirs.flatMap((dir) => options.modes.flatMap((mode) => options.transports.map((transport) => ({ dir, mode, transport, warmDir: mkdtempSync(path.join(scratch, 'warm-')), samples: { off: [], cold: [], warm: [] } }))));
    for (let round = 0; round <= options.starts; round++) {
      for (const cell of cells) {
        const { variants } = options;
        const order = variants.map((_, i) => variants[(i + round) % variants.length]);
        for (const variant of order) {
          const tmp = variant === 'warm' ? cell.warmDir : mkdtempSync(path.join(scratch, `${variant}-`));
          // Round 0 is unmeasured: it fills the file cache, and the warm directory.
          const first = cell.transport === 'stdio' ? firstListStdio : firstListHttp;
          const sample = await first(path.resolve(cell.dir), cell.mode, startEnv(variant, tmp), tracker);
          if (variant !== 'warm') rmSync(tmp, { recursive: true, force: true });
          if (round > 0) cell.samples[variant].push(sample);
        }
      }
      if (round > 0) log(`round ${round}/${options.starts} done`);
    }
    report(cells, options);
    return 0;
  } finally {
    stop();
  }
}

/** A busy loop on one core, for --load. */
function spawnBusy() {
  return spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
}

function report(cells, options) {
  const f = (ms) => (ms === undefined || Number.isNaN(ms) ? '-' : ms.toFixed(0));
  const x = (a, b) => (a === undefined || b === undefined ? '-' : `${(a / b).toFixed(2)}x`);
  const lines = [
    `node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end, --load ${options.load}, ${options.starts} starts per variant`,
    '',
    '| package | mode | transport | cache | first tools/list ms, median (min–max) | CPU ms | / off (wall, CPU) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const cell of cells) {
    const wall = (v) => median(cell.samples[v].map((s) => s.ms));
    const cpu = (v) => median(cell.samples[v].map((s) => s.cpuMs).filter((ms) => ms !== undefined));
    for (const v of options.variants) {
      const ms = cell.samples[v].map((s) => s.ms);
      const vsOff = v === 'off' || !options.variants.includes('off') ? '' : `${x(wall(v), wall('off'))}, ${x(cpu(v), cpu('off'))}`;
      lines.push(`| ${path.basename(cell.dir)} | ${cell.mode} | ${cell.transport} | ${v} | ${f(wall(v))} (${f(Math.min(...ms))}–${f(Math.max(...ms))}) | ${f(cpu(v))} | ${vsOff} |`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

process.exitCode = await main();
