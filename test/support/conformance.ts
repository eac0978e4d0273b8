// Runs one scenario of the official MCP conformance suite (@modelcontextprotocol/conformance
// 0.2.0-alpha.12, a devDependency) against a server URL and returns its checks.
//
// How the suite reports: `server --scenario S -o DIR` writes DIR/server-S-<timestamp>/checks.json,
// an array of checks `{ id, name, status: SUCCESS | FAILURE | WARNING | SKIPPED | INFO, errorMessage? }`,
// and exits 1 when any check FAILED (0 also when a scenario is skipped as not applicable, so an empty
// result must not count as a pass). Callers read checks.json rather than the coloured console text.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SUITE = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url));

export interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

export interface ScenarioRun {
  exitCode: number;
  checks: Check[];
}

/** Runs one scenario in a child process (asynchronously: the server may answer from this process). */
export function runConformanceScenario(url: string, scenario: string, outDir: string): Promise<ScenarioRun> {
  const dir = join(outDir, scenario);
  const args = [SUITE, 'server', '--url', url, '--scenario', scenario, '--spec-version', '2026-07-28', '-o', dir];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: 60_000 }, (error, stdout, stderr) => {
      const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      readChecks(dir).then(
        (checks) => resolve({ exitCode, checks }),
        (readError: unknown) => reject(new Error(`no checks.json for ${scenario}: ${String(readError)}\n${stdout}\n${stderr}`)),
      );
    });
  });
}

async function readChecks(dir: string): Promise<Check[]> {
  const [run] = await readdir(dir); // the one server-<scenario>-<timestamp> directory
  if (run === undefined) throw new Error(`empty ${dir}`);
  return JSON.parse(await readFile(join(dir, run, 'checks.json'), 'utf8')) as Check[];
}
