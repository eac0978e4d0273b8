// Runs one node child process and measures its wall-clock time and peak RSS.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const GNU_TIME = '/usr/bin/time';
const RSS_PRELOAD = fileURLToPath(new URL('./report-rss.mjs', import.meta.url));
const STDERR_KEEP = 8192;

/** Last integer line of a GNU time `-f %M -o` file (it prepends "Command exited ..." lines). */
function readRssFile(file) {
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const last = lines[lines.length - 1]?.trim() ?? '';
  return /^\d+$/.test(last) ? Number(last) : undefined;
}

/**
 * How peak RSS is measured: `{ kind: 'gnu-time', note }` when /usr/bin/time supports
 * `-f %M -o`, else `{ kind: 'preload', note }` (the child reports its own maxRSS on exit).
 */
export function detectRssProbe() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-mcp-bench-probe-'));
  try {
    const file = path.join(dir, 'rss');
    const result = spawnSync(GNU_TIME, ['-f', '%M', '-o', file, process.execPath, '-e', '0']);
    if (result.error === undefined && result.status === 0 && (readRssFile(file) ?? 0) > 0) {
      return { kind: 'gnu-time', note: `peak RSS from ${GNU_TIME} -f %M` };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    kind: 'preload',
    note: `peak RSS from the child's process.resourceUsage().maxRSS (${GNU_TIME} not usable; apt-get install time to use GNU time)`,
  };
}

/**
 * Runs `node <nodeArgs>` in `cwd` with stdout discarded (/dev/null) and stderr kept (tail).
 * Resolves `{ ok, ms, rssKb, code, signal, timedOut, stderr }`; never rejects for a failing child.
 * The child gets its own process group so a timeout or `abortSignal` kills it with everything it
 * started (including the GNU time wrapper's child).
 */
export function runMeasured({ nodeArgs, cwd, probe, timeoutMs, abortSignal }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-mcp-bench-rss-'));
  const rssFile = path.join(dir, 'rss');
  const env = { ...process.env };
  let cmd;
  let args;
  if (probe.kind === 'gnu-time') {
    cmd = GNU_TIME;
    args = ['-f', '%M', '-o', rssFile, process.execPath, ...nodeArgs];
  } else {
    cmd = process.execPath;
    args = ['--import', pathToFileURL(RSS_PRELOAD).href, ...nodeArgs];
    env.OPENAPI_MCP_BENCH_RSS_FILE = rssFile;
  }
  return new Promise((resolve) => {
    let stderr = '';
    let timedOut = false;
    let endNs;
    const start = process.hrtime.bigint();
    const child = spawn(cmd, args, {
      cwd,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    abortSignal?.addEventListener('abort', killGroup, { once: true });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    child.on('exit', () => {
      endNs = process.hrtime.bigint();
    });
    let done = false;
    const finish = (code, signal, spawnError) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      abortSignal?.removeEventListener('abort', killGroup);
      const ms = Number((endNs ?? process.hrtime.bigint()) - start) / 1e6;
      const rssKb = readRssFile(rssFile);
      rmSync(dir, { recursive: true, force: true });
      if (spawnError !== undefined) stderr += `${spawnError.message}\n`;
      resolve({
        ok: code === 0 && !timedOut && spawnError === undefined,
        ms,
        rssKb,
        code,
        signal,
        timedOut,
        stderr,
      });
    };
    child.on('error', (error) => finish(null, null, error));
    child.on('close', (code, signal) => finish(code, signal, undefined));
  });
}

/** One line explaining a failed run: timeout, signal or exit code, plus the stderr's error line. */
export function describeFailure(result, timeoutMs) {
  const why = result.timedOut
    ? `timed out after ${timeoutMs / 1000} s`
    : result.signal !== null && result.signal !== undefined
      ? `killed by ${result.signal}`
      : `exit code ${result.code}`;
  const lines = result.stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) =>
        line !== '' &&
        !line.startsWith('Command exited with non-zero status') &&
        !/^Node\.js v/.test(line),
    );
  const line = lines.find((l) => /^\w*error\b/i.test(l)) ?? lines[lines.length - 1];
  return line === undefined ? why : `${why}: ${line.slice(0, 200)}`;
}
