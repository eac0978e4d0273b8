import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT } from '../support/run-cli.js';

/** path → sha256 of every file below `dir` ({} when it does not exist). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  try {
    walk(dir);
  } catch {
    return {};
  }
  return out;
}

interface Watcher {
  child: ChildProcess;
  stderr(): string;
  exited: Promise<number | null>;
}

function startWatch(args: string[], cwd: string): Watcher {
  const child = spawn(process.execPath, [BIN, 'generate', ...args, '--watch'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stderr: () => err, exited };
}

/** Polls `check` every 50 ms until it holds, failing after `ms` with what `describe` says. */
async function waitFor(check: () => boolean, what: () => string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const SUMMARY = /^\d+ tools? → \S+ \(.*\)$/;
const summaries = (w: Watcher): string[] => w.stderr().split('\n').filter((l) => SUMMARY.test(l));

let running: Watcher | undefined;
afterEach(() => {
  if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
  running = undefined;
});

describe('openapi-mcp generate --watch (the built bin)', () => {
  it('regenerates on a change of any file the spec reaches, keeps the last good output after a failure, stops on SIGINT', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-watch-'));
    cpSync(`${REPO_ROOT}/test/fixtures/load/multi`, join(dir, 'api'), { recursive: true });
    writeFileSync(join(dir, 'openapi-mcp.config.json'), JSON.stringify({ input: 'api/root.yaml', output: 'gen', name: 'multi-mcp', descriptions: 'full', outputSchema: 'full' }));
    const out = join(dir, 'gen');
    const w = (running = startWatch([], dir));
    const log = (): string => w.stderr();

    // First run, then the watch: the config, root.yaml and the files it reaches.
    await waitFor(() => /^watching \d+ files for changes \(Ctrl-C stops\)$/m.test(w.stderr()), log);
    expect(summaries(w)).toEqual([expect.stringMatching(/^2 tools → gen \(\d+ created, 0 updated, 0 removed\)$/)]);
    const first = snapshot(out);

    // A referenced file two $refs away changes: the output follows (full schemas: the new text is a nested one).
    const petFile = join(dir, 'api/schemas/pet.yaml');
    writeFileSync(petFile, readFileSync(petFile, 'utf8').replace('      type: integer', '      type: integer\n      description: The id of the pet'));
    await waitFor(() => summaries(w).length > 1, log);
    expect(summaries(w).at(-1)).toMatch(/^2 tools → gen \(0 created, [1-9]\d* updated, 0 removed\)$/);
    const second = snapshot(out);
    expect(second).not.toEqual(first);

    // That file breaks mid-edit: an error line naming it, and the output stays as it was (it used to
    // be a warning, and the package was written again with its schemas gone).
    const goodPet = readFileSync(petFile, 'utf8');
    const beforeBreak = summaries(w).length;
    writeFileSync(petFile, goodPet + 'oops: [\n');
    await waitFor(() => /^openapi-mcp: api\/schemas\/pet\.yaml:\d+:\d+: invalid YAML: /m.test(w.stderr()), log);
    expect(summaries(w).length).toBe(beforeBreak);
    expect(snapshot(out)).toEqual(second);
    writeFileSync(petFile, goodPet);
    await waitFor(() => summaries(w).length > beforeBreak, log);
    expect(snapshot(out)).toEqual(second);

    // The root spec breaks: an error line, and the output stays as it was.
    const rootFile = join(dir, 'api/root.yaml');
    const good = readFileSync(rootFile, 'utf8');
    writeFileSync(rootFile, good + 'paths: [\n');
    await waitFor(() => /^openapi-mcp: api\/root\.yaml:\d+:\d+: invalid YAML: /m.test(w.stderr()), log);
    expect(snapshot(out)).toEqual(second);
    const beforeFix = summaries(w).length;

    // Fixed again (with a new title): generated again.
    writeFileSync(rootFile, good.replace('title: Multi-file', 'title: Multi-file v2'));
    await waitFor(() => summaries(w).length > beforeFix, log);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('Multi-file v2');

    // The config changes: read again, and the new options apply.
    const beforeConfig = summaries(w).length;
    writeFileSync(join(dir, 'openapi-mcp.config.json'), JSON.stringify({ input: 'api/root.yaml', output: 'gen', name: 'renamed-mcp' }));
    await waitFor(() => summaries(w).length > beforeConfig, log);
    expect((JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as { name: string }).name).toBe('renamed-mcp');

    w.child.kill('SIGINT');
    const code = await Promise.race([w.exited, new Promise<string>((r) => setTimeout(() => r('still running'), 10_000))]);
    expect(code).toBe(0);
    expect(w.stderr()).not.toMatch(/^\s+at /m); // no stack trace anywhere
  }, 90_000);

  it('watches a spec given on the command line; a spec that starts broken is watched until it is fixed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-watch-'));
    const spec = join(dir, 'pets.yaml');
    const good = readFileSync(`${REPO_ROOT}/test/fixtures/specs/petstore.2.0.yaml`, 'utf8');
    writeFileSync(spec, 'swagger: [\n');
    const w = (running = startWatch(['pets.yaml', '--out', 'gen'], dir));
    await waitFor(() => /^watching 1 file for changes/m.test(w.stderr()), () => w.stderr());
    expect(w.stderr()).toMatch(/^openapi-mcp: pets\.yaml:\d+:\d+: invalid YAML: /m);
    expect(snapshot(join(dir, 'gen'))).toEqual({});

    writeFileSync(spec, good);
    await waitFor(() => summaries(w).length > 0, () => w.stderr());
    expect(summaries(w)[0]).toMatch(/^4 tools → gen \(\d+ created, 0 updated, 0 removed\)$/);

    w.child.kill('SIGINT');
    expect(await w.exited).toBe(0);
  }, 60_000);
});
