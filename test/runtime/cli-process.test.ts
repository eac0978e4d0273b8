import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { usage } from '../../templates/runtime/cli.gen.js';
import { useUpstream } from './items-upstream.js';
import { fixtureConfig } from './server-fixtures.js';

const hooks = fileURLToPath(new URL('./fixtures/ts-resolve-hooks.mjs', import.meta.url));
const cliMain = fileURLToPath(new URL('./fixtures/cli-main.ts', import.meta.url));

interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runProcess(args: string[]): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', hooks, cliMain, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('main as a process (what node dist/main.js does)', () => {
  const upstream = useUpstream();

  it('--help: usage on stdout, exit code 0', async () => {
    expect(await runProcess(['--help'])).toEqual({ code: 0, stdout: usage(fixtureConfig, 1), stderr: '' });
  });

  it('a bad argument: one line on stderr, no stack, exit code 2', async () => {
    expect(await runProcess(['--port', 'x'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'fixture-api-mcp: --port must be a number from 0 to 65535, got "x". Try --help.\n',
    });
  });

  it('serves stdio by default to the official client and calls the upstream', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', hooks, cliMain, '--base-url', upstream.url],
      env: getDefaultEnvironment(),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(transport);
    try {
      upstream.received.length = 0;
      const result = await client.callTool({ name: 'get_item', arguments: { id: '../etc' } });
      expect(result.structuredContent).toEqual({ id: '../etc' });
      expect(upstream.received).toEqual([{ method: 'GET', url: '/api/items/..%2Fetc' }]);
    } finally {
      await client.close();
    }
    expect(stderr).toContain('fixture-api-mcp 1.2.3: MCP over stdio, 1 tool\n');
  });

  it('--http: serves until SIGTERM, then exits with code 0', async () => {
    const child = spawn(process.execPath, ['--import', hooks, cliMain, '--http', '--port', '0', '--base-url', upstream.url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const match = /at (http:\/\/127\.0\.0\.1:\d+\/mcp),/.exec(stderr);
        if (match) resolve(match[1]!);
      });
      child.on('close', () => reject(new Error(`exited early: ${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const client = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['get_item']);
    await client.close();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
