import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from './generated-package.js';
import { REPO_ROOT } from './run-cli.js';

/** examples/petstore/server, the committed generated server package. */
export const PETSTORE_SERVER_DIR = resolve(REPO_ROOT, 'examples/petstore/server');

/**
 * What test/examples.test.ts runs in PETSTORE_SERVER_DIR, in order, as the README shows it
 * (`command`) and with the flags a test adds (`args`). readme.test.ts checks each README command in
 * that directory is one of these.
 */
export const PETSTORE_SERVER_STEPS: readonly { command: string; args: readonly string[] }[] = [
  { command: 'npm install', args: ['install', '--prefer-offline', '--no-audit', '--no-fund'] },
  { command: 'npm run build', args: ['run', 'build'] },
];

/** The README's first tool call: the lines that start the mock upstream and call a tool. */
export function readmeFirstCall(): { mock: string; call: string } {
  const readme = readFileSync(resolve(REPO_ROOT, 'README.md'), 'utf8');
  const lines = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()));
  const mock = lines.find((l) => l.startsWith('npx prism mock '));
  const call = lines.find((l) => l.startsWith('npx mcp-inspector '));
  if (!mock || !call) throw new Error('README.md shows no first tool call (npx prism mock …, npx mcp-inspector …)');
  return { mock, call };
}

/** `npx <bin> args` as a user types it, run from the repository's own node_modules/.bin. */
function local(command: string): { bin: string; args: string[] } {
  const [npx, name, ...args] = command.split(/\s+/);
  if (npx !== 'npx') throw new Error(`not an npx command: ${command}`);
  return { bin: resolve(REPO_ROOT, 'node_modules/.bin', name!), args };
}

/**
 * Runs the README's first tool call from the repository root, exactly as shown except the mock's
 * port (4010 in the README; a free one here): starts Prism in the background, waits until it
 * listens, runs the Inspector's CLI, stops Prism. Returns the Inspector's exit code and output.
 */
export async function runReadmeFirstCall(): Promise<{ code: number; stdout: string; stderr: string; mockLog: string }> {
  const { mock, call } = readmeFirstCall();
  const port = String(await freePort());
  const withPort = (s: string): string => s.replaceAll('4010', port);
  const m = local(withPort(mock).replace(/\s*&$/, ''));
  const prism = spawn(m.bin, m.args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let mockLog = '';
  prism.stdout.on('data', (c: Buffer) => (mockLog += c.toString()));
  prism.stderr.on('data', (c: Buffer) => (mockLog += c.toString()));
  const closed = new Promise<void>((done) => prism.once('close', () => done()));
  const stop = async (): Promise<string> => {
    if (prism.exitCode === null && prism.signalCode === null) prism.kill('SIGTERM');
    await closed;
    return mockLog;
  };
  try {
    const deadline = Date.now() + 30_000;
    while (!mockLog.includes('Prism is listening')) {
      if (prism.exitCode !== null) throw new Error(`prism exited (${prism.exitCode}):\n${mockLog}`);
      if (Date.now() > deadline) throw new Error(`prism did not start:\n${mockLog}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const c = local(withPort(call));
    const r = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(c.bin, c.args, { cwd: REPO_ROOT, encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
      );
    });
    return { ...r, mockLog: await stop() };
  } finally {
    await stop();
  }
}
