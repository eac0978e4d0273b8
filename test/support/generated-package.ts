import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './run-cli.js';

/** Runs a command, throwing with its output when it fails. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/**
 * What a user does: `openapi-mcp generate`, `npm install`, `npm run build`. The spec text may be
 * rewritten first (`replace`), e.g. to point an OAuth token URL at the test's upstream.
 */
/** `args`: more `generate` flags (e.g. `--output-schema full`). */
export function buildGeneratedPackage(specPath: string, name: string, replace: Record<string, string> = {}, args: readonly string[] = []): string {
  const root = mkdtempSync(join(tmpdir(), `openapi-mcp-e2e-${name}-`));
  let spec = specPath;
  if (Object.keys(replace).length > 0) {
    let text = readFileSync(specPath, 'utf8');
    for (const [from, to] of Object.entries(replace)) text = text.split(from).join(to);
    spec = join(root, specPath.split('/').at(-1)!);
    writeFileSync(spec, text);
  }
  const dir = join(root, name);
  const gen = runCli(['generate', spec, '--out', dir, '--name', name, ...args]);
  if (gen.code !== 0) throw new Error(`generate failed:\n${gen.stderr}`);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  run('npm', ['run', 'build'], dir);
  return dir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  close(): Promise<void>;
}

/** Starts `node dist/main.js --http` and waits until it answers. */
export async function startHttpServer(dir: string, args: string[], env: NodeJS.ProcessEnv, port?: number): Promise<RunningServer> {
  // A free port can be taken by another test's server between freePort() and listen(): that
  // start fails with "cannot listen" (then a new port is tried), and readiness is this child's own
  // "listening" line, never an answer on the port, which might come from that other server.
  for (let attempt = 1; ; attempt++) {
    const chosen = port ?? (await freePort());
    const started = await spawnHttpServer(dir, args, env, chosen);
    if (started !== 'port-taken' || port !== undefined || attempt >= 5) {
      if (started === 'port-taken') throw new Error(`server could not listen on port ${chosen}`);
      return started;
    }
  }
}

async function spawnHttpServer(dir: string, args: string[], env: NodeJS.ProcessEnv, port: number): Promise<RunningServer | 'port-taken'> {
  const child = spawn(process.execPath, ['dist/main.js', '--http', '--port', String(port), ...args], { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = `http://127.0.0.1:${port}/mcp`;
  const listening = `MCP over Streamable HTTP at http://`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (err.includes(listening)) break;
    if (child.exitCode !== null) {
      if (err.includes('cannot listen on')) return 'port-taken';
      throw new Error(`server exited (${child.exitCode}):\n${err}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    child,
    stderr: () => err,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
