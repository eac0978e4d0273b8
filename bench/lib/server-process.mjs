// Child processes of the server benchmark: every one is tracked and killed at the end, every wait
// is bounded. Servers bind 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const OUTPUT_KEEP = 16_384;
const UPSTREAM_SCRIPT = fileURLToPath(new URL('./server-upstream.mjs', import.meta.url));

/** Keeps every child started; `killAll()` SIGKILLs those still running (their groups when detached). */
export function createProcessTracker() {
  const running = new Set();
  return {
    track(child, group = false) {
      const item = { child, group };
      running.add(item);
      child.once('exit', () => running.delete(item));
      return child;
    },
    killAll() {
      for (const { child, group } of running) {
        try {
          if (group) process.kill(-child.pid, 'SIGKILL');
          else child.kill('SIGKILL');
        } catch {
          // already gone
        }
      }
      running.clear();
    },
  };
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs a command in its own process group with a timeout; resolves
 * `{ ok, ms, code, signal, timedOut, output }` (output: the tail of stdout + stderr; tsc writes
 * its errors to stdout). Never rejects for a failing command.
 */
export function runTimed(cmd, args, { cwd, timeoutMs, tracker, env = process.env }) {
  return new Promise((resolve) => {
    let output = '';
    let timedOut = false;
    const start = process.hrtime.bigint();
    const child = tracker.track(spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }), true);
    const keep = (chunk) => {
      output = (output + chunk).slice(-OUTPUT_KEEP);
    };
    child.stdout.setEncoding('utf8').on('data', keep);
    child.stderr.setEncoding('utf8').on('data', keep);
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    let done = false;
    const finish = (code, signal, error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (error !== undefined) output += `${error.message}\n`;
      resolve({ ok: code === 0 && !timedOut && error === undefined, ms, code, signal, timedOut, output });
    };
    child.on('error', (error) => finish(null, null, error));
    child.on('close', (code, signal) => finish(code, signal, undefined));
  });
}

/** One line saying why a command failed: a TypeScript error first, else npm's or the last line. */
export function failureLine(result, timeoutMs) {
  const why = result.timedOut
    ? `timed out after ${timeoutMs / 1000} s`
    : result.signal !== null && result.signal !== undefined
      ? `killed by ${result.signal}`
      : `exit code ${result.code}`;
  const lines = result.output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^Node\.js v/.test(line));
  const line =
    lines.find((l) => /error TS\d+/.test(l)) ??
    lines.find((l) => /^npm (error|ERR!)/.test(l)) ??
    lines.find((l) => /^\w*Error\b/.test(l)) ??
    lines.at(-1);
  return line === undefined ? why : `${why}: ${line.slice(0, 160)}`;
}

/**
 * Starts the local upstream child; resolves `{ base, port, stop() }` once it listens. It exits by
 * itself when this process goes away (its stdin closes) or after `lifetimeSeconds`.
 */
export async function startUpstream(tracker, lifetimeSeconds) {
  const child = tracker.track(spawn(process.execPath, [UPSTREAM_SCRIPT, String(lifetimeSeconds)], { stdio: ['pipe', 'pipe', 'inherit'] }));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('upstream did not start within 10 s')), 10_000);
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end === -1) return;
      clearTimeout(timer);
      resolve(JSON.parse(text.slice(0, end)).port);
    });
    child.once('exit', (code) => reject(new Error(`upstream exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, port, stop: () => stopChild(child) };
}

/** Clock ticks per second for /proc/<pid>/stat times (getconf CLK_TCK; 100 if unknown). */
export function clockTicks() {
  const result = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const ticks = result.status === 0 ? Number(result.stdout.trim()) : NaN;
  return Number.isSafeInteger(ticks) && ticks > 0 ? ticks : 100;
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat (Linux);
 * undefined elsewhere or when the process is gone. Resolution: one clock tick (10 ms at 100 Hz).
 */
export function cpuMsOf(pid, ticks) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return undefined;
  try {
    const text = readFileSync(file, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ": state is field 3, utime field 14, stime field 15 (proc(5)).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
  } catch {
    return undefined;
  }
}

/**
 * `{ rssMb, peakMb }` of a running process from /proc/<pid>/status (VmRSS: resident now; VmHWM:
 * the most it has been resident); undefined elsewhere or when the process is gone.
 */
export function rssOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) / 1024;
    const rssMb = mb('VmRSS');
    const peakMb = mb('VmHWM');
    return Number.isFinite(rssMb) && Number.isFinite(peakMb) ? { rssMb, peakMb } : undefined;
  } catch {
    return undefined;
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export function stopChild(child, graceMs = 2_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Closes a stdio server's stdin (it exits by itself, writing a --cpu-prof profile), then stopChild. */
export async function endStdioChild(child, graceMs = 2_000) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await Promise.race([exited, sleep(graceMs)]);
  }
  await stopChild(child);
}

/**
 * Spawns the generated server (`node <nodeArgs> dist/main.js <args>`) in `dir`. `stdio: 'pipe'` keeps its
 * stdin/stdout for the stdio transport; stderr is collected. Returns `{ child, stderr() }`.
 */
export function spawnServer(dir, args, tracker, { stdio = false, env = process.env, nodeArgs = [] } = {}) {
  const child = tracker.track(
    spawn(process.execPath, [...nodeArgs, 'dist/main.js', ...args], { cwd: dir, env, stdio: [stdio ? 'pipe' : 'ignore', stdio ? 'pipe' : 'ignore', 'pipe'] }),
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-OUTPUT_KEEP);
  });
  return { child, stderr: () => stderr };
}
