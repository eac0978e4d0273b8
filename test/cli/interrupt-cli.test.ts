import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT } from '../support/run-cli.js';

/**
 * Ctrl-C or a CI timeout while `generate` writes: the write is never cut short (it used to leave
 * a package half old, half new, with temp files), the run stops right after it with one line.
 * To catch the run inside a write, --report goes to a FIFO: writing it blocks, synchronously like
 * the package's write, until this test reads it.
 */
describe('generate while it writes', () => {
  it.runIf(process.platform !== 'win32')('SIGINT waits for the write, then stops with one line and exit code 130', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-interrupt-'));
    const fifo = join(dir, 'report.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const child = spawn(process.execPath, [BIN, 'generate', join(REPO_ROOT, 'test/fixtures/specs/petstore.2.0.yaml'), '--out', 'out', '--report', fifo], { cwd: dir });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    for (let i = 0; i < 200 && !existsSync(join(dir, 'out/.openapi-mcp-manifest.json')); i++) await sleep(50);
    await sleep(300); // now blocked writing the report
    child.kill('SIGINT');
    await sleep(300);
    expect({ code: child.exitCode, signal: child.signalCode }).toEqual({ code: null, signal: null });
    const report = JSON.parse(readFileSync(fifo, 'utf8')) as { apis: unknown[] };
    expect(report.apis).toHaveLength(1);
    expect(await exited).toEqual({ code: 130, signal: null });
    expect(stderr.split('\n').at(-2)).toBe('openapi-mcp: interrupted (SIGINT); no output directory was left half-written');
  });

  // Node's recursive mkdirSync never returns where mkdir says ENOENT under an existing parent
  // (procfs, a stale mount): a run that hangs there cannot be stopped with Ctrl-C either.
  it.runIf(existsSync('/proc/self'))('an output directory that cannot be created (below /proc): one line, exit 1, no hang', () => {
    const r = spawnSync(process.execPath, [BIN, 'generate', join(REPO_ROOT, 'test/fixtures/specs/petstore.2.0.yaml'), '--out', '/proc/openapi-mcp-nowhere/out'], { encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
    expect({ status: r.status, signal: r.signal }).toEqual({ status: 1, signal: null });
    expect(r.stderr).toBe('openapi-mcp: cannot write /proc/openapi-mcp-nowhere/out/.env.example: cannot create /proc/openapi-mcp-nowhere; /proc/openapi-mcp-nowhere/out was left as it was\n');
  });
});
