import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from './generated-package.js';

export interface RunningPrism {
  url: string;
  log: () => string;
  close(): Promise<void>;
}

/**
 * Prism (`@stoplight/prism-cli`, a devDependency) mocking `spec` on 127.0.0.1, with its default
 * request validation: a request that breaks the spec (path, query, headers, security, body) gets
 * 4xx instead of a mocked answer. `extraArgs` go to `prism mock` (e.g. `--errors`).
 */
export async function startPrism(spec: string, extraArgs: string[] = []): Promise<RunningPrism> {
  const cli = join(dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')), 'dist/index.js');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [cli, 'mock', spec, '-p', String(port), '-h', '127.0.0.1', ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const deadline = Date.now() + 30_000;
  while (!log.includes('Prism is listening')) {
    if (child.exitCode !== null) throw new Error(`prism exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`prism did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
