import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../templates/runtime/cli-args.gen.js';
import { main } from '../../templates/runtime/cli.gen.js';
import { hostConfig, serverFlags } from '../../templates/runtime/host-config.gen.js';
import type { ToolCatalogData } from '../../templates/runtime/search-core.gen.js';
import type { ApiConfig } from '../../templates/runtime/types.gen.js';
import { fixtureConfig, manyTools } from './server-fixtures.js';

/**
 * `--host-config HOST` with other flags: the printed entry starts the server the user asked for
 * (the selection and the other stdio flags in its args), once the selection is known to be valid.
 */
const config: ApiConfig = {
  ...fixtureConfig,
  credentials: { token: { type: 'http-bearer', env: { token: 'FIXTURE_API_TOKEN' } } },
  env: { ...fixtureConfig.env, toolsets: 'FIXTURE_API_TOOLSETS', readOnly: 'FIXTURE_API_READ_ONLY' },
};
// As the catalog says: tool_0000 is read-only (scope `read`), the others need `write`.
const tools = manyTools(3).map((tool, i) => (i === 0 ? { ...tool, definition: { ...tool.definition, annotations: { readOnlyHint: true } } } : tool));
const catalog: ToolCatalogData = {
  toolsets: [{ name: 'pulls', description: '', tools: 2 }, { name: 'issues', description: '', tools: 1 }],
  tools: [
    { name: 'tool_0000', summary: '', toolset: 0, readOnly: true },
    { name: 'tool_0001', summary: '', toolset: 0, readOnly: false },
    { name: 'tool_0002', summary: '', toolset: 1, readOnly: false },
  ],
};

async function run(argv: string[], env: Record<string, string> = {}): Promise<{ out: string; log: string[]; exitCode?: number }> {
  const outcome: { out: string; log: string[]; exitCode?: number } = { out: '', log: [] };
  const running = await main({ config, tools, catalog, argv, env, out: (text) => void (outcome.out += text), log: (line) => void outcome.log.push(line), setExitCode: (code) => void (outcome.exitCode = code), handleSignals: false });
  expect(running).toBeUndefined(); // printed, started nothing
  return outcome;
}

const entry = (out: string) => (JSON.parse(out) as { mcpServers: Record<string, { args: string[]; env: Record<string, string> }> }).mcpServers['fixture-api-mcp']!;

describe('--host-config with other flags', () => {
  it('puts the selection into the entry’s args, a repeated --toolsets merged; credentials stay env placeholders', async () => {
    const { out, log, exitCode } = await run(['--host-config', 'claude-desktop', '--toolsets', 'pulls', '--read-only', '--toolsets', 'issues', '--tools-mode', 'dynamic']);
    expect([log, exitCode]).toEqual([[], undefined]);
    const { args, env } = entry(out);
    expect(args.slice(1)).toEqual(['--toolsets', 'pulls,issues', '--read-only', '--tools-mode', 'dynamic']);
    expect(env).toEqual({ FIXTURE_API_TOKEN: '...' });
    // Without flags: the main file alone, as before.
    expect(entry((await run(['--host-config', 'cursor'])).out).args).toHaveLength(1);
  });

  it('carries --tools, --scopes, --base-url, --confirm, --log and --env-file (absolute), not --list-toolsets', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'host-config-'));
    const args = parseArgs(['--host-config', 'vscode', '--list-toolsets', '--tools', 'a,b', '--scopes', 'read', '--base-url', 'https://api.test', '--confirm', 'writes', '--env-file', 'secrets.env', '--log', 'json']);
    expect(serverFlags(args, cwd)).toEqual(['--tools', 'a,b', '--scopes', 'read', '--base-url', 'https://api.test', '--confirm', 'writes', '--env-file', join(cwd, 'secrets.env'), '--log', 'json']);
  });

  it('every host gets the flags: VS Code in args, the Inspector on its command line, quoted when needed', () => {
    const flags = ['--toolsets', 'pulls,issues', '--base-url', 'https://api.test/a b'];
    const vscode = JSON.parse(hostConfig('vscode', config, '/pkg/dist/main.js', flags, '/bin/node')) as { servers: Record<string, { args: string[] }> };
    expect(vscode.servers['fixture-api-mcp']!.args).toEqual(['/pkg/dist/main.js', ...flags]);
    expect(hostConfig('inspector', config, '/pkg/dist/main.js', flags, '/bin/node')).toBe(
      "npx @modelcontextprotocol/inspector -e FIXTURE_API_TOKEN=... /bin/node /pkg/dist/main.js --toolsets pulls,issues --base-url 'https://api.test/a b'\n",
    );
  });

  it('checks the selection first: an entry that would not start is not printed', async () => {
    expect(await run(['--host-config', 'cursor', '--toolsets', 'pull,isues'])).toEqual({
      out: '',
      log: ['fixture-api-mcp: unknown toolsets (--toolsets): "pull" (close matches: pulls); "isues" (close matches: issues)'],
      exitCode: 2,
    });
    expect(await run(['--host-config', 'cursor', '--read-only', '--toolsets', 'issues'])).toEqual({
      out: '',
      log: ['fixture-api-mcp: --read-only leaves none of the selected tools (tool_0002 is not read-only)'],
      exitCode: 2,
    });
  });
});

describe('the credential placeholders of an entry', () => {
  const oauth: ApiConfig = {
    ...config,
    credentials: { ...config.credentials, cc: { type: 'oauth2-client-credentials', tokenUrl: '/token', scopes: [], env: { clientId: 'F_CID', clientSecret: 'F_CS', token: 'F_TOKEN', tokenUrl: 'F_TOKEN_URL' } } },
  };

  it('one per credential variable; a token URL override is none (left as "..." it would replace the token URL)', () => {
    expect(entry(hostConfig('cursor', oauth, '/pkg/dist/main.js', [], '/bin/node')).env).toEqual({ FIXTURE_API_TOKEN: '...', F_CID: '...', F_CS: '...', F_TOKEN: '...' });
  });

  it('none with --env-file: a variable the host sets wins over the file, so "..." would hide its value', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'host-config-'));
    writeFileSync(join(dir, 'secrets.env'), 'FIXTURE_API_TOKEN=from-the-file-SECRET\n');
    const flags = ['--env-file', join(dir, 'secrets.env')];
    expect(entry((await run(['--host-config', 'claude-desktop', ...flags])).out)).toEqual({ command: process.execPath, args: [expect.any(String), ...flags], env: {} });
    expect(JSON.parse(hostConfig('vscode', oauth, '/pkg/dist/main.js', flags, '/bin/node'))).toEqual({
      servers: { 'fixture-api-mcp': { type: 'stdio', command: '/bin/node', args: ['/pkg/dist/main.js', ...flags], env: {} } },
    });
    expect(hostConfig('inspector', oauth, '/pkg/dist/main.js', flags, '/bin/node')).toBe(`npx @modelcontextprotocol/inspector /bin/node /pkg/dist/main.js ${flags.join(' ')}\n`);
  });
});

describe('a start-time selection that leaves no tools', () => {
  it('is one line naming why, exit code 2, from the flag or its variable', async () => {
    expect(await run(['--read-only', '--tools', 'tool_0001'])).toEqual({ out: '', log: ['fixture-api-mcp: --read-only leaves none of the selected tools (tool_0001 is not read-only)'], exitCode: 2 });
    expect(await run(['--tools', 'tool_0002'], { FIXTURE_API_READ_ONLY: 'on' })).toEqual({
      out: '',
      log: ['fixture-api-mcp: FIXTURE_API_READ_ONLY leaves none of the selected tools (tool_0002 is not read-only)'],
      exitCode: 2,
    });
    expect((await run([], { FIXTURE_API_TOOLSETS: 'pull' })).log).toEqual(['fixture-api-mcp: unknown toolset "pull" (FIXTURE_API_TOOLSETS); close matches: pulls']);
  });

  it('--list-toolsets still shows it: 0 of 3 selected', async () => {
    const { out, exitCode } = await run(['--list-toolsets', '--read-only', '--toolsets', 'issues']);
    expect(exitCode).toBeUndefined();
    expect(out).toContain('0 of 3 tools selected');
  });

  it('--list-toolsets counts what --scopes (or its variable) leaves, as the server would serve', async () => {
    const read = await run(['--list-toolsets', '--scopes', 'read']);
    expect([read.log, read.exitCode]).toEqual([[], undefined]);
    expect(read.out).toMatch(/^pulls +1\/2 +1$/m);
    expect(read.out).toContain('1 of 3 tools selected');
    expect((await run(['--list-toolsets'], { FIXTURE_API_MCP_SCOPES: 'write' })).out).toContain('2 of 3 tools selected');
    // None left: shown, not refused (as --read-only above).
    expect(await run(['--list-toolsets', '--scopes', 'read', '--toolsets', 'issues'])).toMatchObject({ log: [], out: expect.stringContaining('0 of 3 tools selected') });
    // A scope no tool needs is still the start's one-line error.
    expect(await run(['--list-toolsets', '--scopes', 'reed'])).toMatchObject({ out: '', exitCode: 2 });
  });
});
