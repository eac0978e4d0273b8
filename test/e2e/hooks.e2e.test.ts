import { Client, StreamableHTTPClientTransport, type Tool } from '@modelcontextprotocol/client';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, startHttpServer, type RunningServer } from '../support/generated-package.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';
import { runCli } from '../support/run-cli.js';

/**
 * src/hooks.ts from the user's side: generate a package, customize its hooks, regenerate from a
 * changed spec, and check that the edit survived, the package builds, and the server applies it.
 */
const API_KEY = 'notes-key-SECRET-1';
const EDITED_HOOKS = `import { defineHooks } from './runtime/hooks.gen.js';

export const hooks = defineHooks({
  beforeRequest(ctx) {
    ctx.request.headers.set('X-Tenant', \`acme:\${ctx.generatedName}\`);
  },
  tools: {
    getNote: { name: 'fetch_note', description: 'Fetches one note by its number.' },
    listNotes: { description: 'Every note, newest first.', annotations: { idempotentHint: true } },
  },
});
`;

let upstream: RecordingUpstream;
let dir: string;
let template: string;
let regenerated: { code: number; stderr: string };

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    if (req.method === 'GET' && req.url === '/api/notes/3') res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":3,"text":"buy milk"}');
    else res.writeHead(500, { 'content-type': 'text/plain' }).end(`unexpected ${req.method} ${req.url}`);
  });
  dir = join(mkdtempSync(join(tmpdir(), 'openapi-mcp-e2e-hooks-')), 'notes-mcp');
  const first = runCli(['generate', 'test/fixtures/e2e/notes.v1.yaml', '--out', dir, '--name', 'notes-mcp']);
  if (first.code !== 0) throw new Error(`generate failed:\n${first.stderr}`);
  template = readFileSync(join(dir, 'src/hooks.ts'), 'utf8');
  writeFileSync(join(dir, 'src/hooks.ts'), EDITED_HOOKS);
  regenerated = runCli(['generate', 'test/fixtures/e2e/notes.v2.yaml', '--out', dir, '--name', 'notes-mcp']);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  run('npm', ['run', 'build'], dir);
}, 240_000);

afterAll(async () => {
  await upstream?.close();
});

describe('src/hooks.ts across a regeneration', () => {
  it('is created as a template that changes nothing', () => {
    expect(template).toContain("import { defineHooks } from './runtime/hooks.gen.js';");
    expect(template).toContain('export const hooks = defineHooks({');
    const body = template.slice(template.indexOf('export const hooks = defineHooks({') + 1).split('\n').slice(1, -2);
    expect(body.filter((line) => line !== '' && !line.startsWith('  //'))).toEqual([]);
    // src/main.ts takes the user's hooks from ./hooks.js (imported after the compile cache is on, see compile-cache.gen.ts)
    const main = readFileSync(join(dir, 'src/main.ts'), 'utf8');
    expect(main).toMatch(/const \[[^\]]*\{ hooks \}[^\]]*\] = await Promise\.all\(\[[^\]]*import\("\.\/hooks\.js"\)/);
    expect(main).toContain('hooks, argv');
  });

  it('keeps the edit when the spec changes, and --check is satisfied', () => {
    expect(regenerated.code).toBe(0);
    expect(readFileSync(join(dir, 'src/hooks.ts'), 'utf8')).toBe(EDITED_HOOKS);
    const check = runCli(['generate', 'test/fixtures/e2e/notes.v2.yaml', '--out', dir, '--name', 'notes-mcp', '--check']);
    expect({ code: check.code, stderr: check.stderr }).toEqual({ code: 0, stderr: `${dir} is up to date\n` });
  });

  it('the built server applies the hooks', async () => {
    let server: RunningServer | undefined;
    const client = new Client({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    try {
      server = await startHttpServer(dir, ['--base-url', `${upstream.url}/api`], { ...process.env, NOTES_HEADER_KEY: API_KEY });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const { tools } = await client.listTools();
      expect(tools.map((t: Tool) => [t.name, t.description])).toEqual([
        ['listNotes', 'Every note, newest first.'],
        ['fetch_note', 'Fetches one note by its number.'],
        ['deleteNote', 'Delete one note'],
      ]);
      // Compact definitions (the default): the title once, as the tool's; hints that are MCP's defaults left out.
      expect([tools[0]!.title, tools[0]!.annotations]).toEqual(['List notes', { readOnlyHint: true, idempotentHint: true }]);

      const result = await client.callTool({ name: 'fetch_note', arguments: { noteId: 3 } });
      expect(result.structuredContent).toEqual({ id: 3, text: 'buy milk' });
      expect(upstream.requests.map((r) => ({ url: r.url, tenant: r.headers['x-tenant'], key: r.headers['x-api-key'] }))).toEqual([
        { url: '/api/notes/3', tenant: 'acme:getNote', key: API_KEY },
      ]);

      // still validated under its new name: nothing is sent
      const bad = await client.callTool({ name: 'fetch_note', arguments: { noteId: 0 } });
      expect(bad.isError).toBe(true);
      expect(upstream.requests).toHaveLength(1);
      expect(server.stderr()).not.toContain(API_KEY);
    } finally {
      await client.close();
      await server?.close();
    }
  }, 60_000);

  it("the template's commented examples compile when uncommented", () => {
    const start = template.indexOf('export const hooks');
    const uncommented = template.slice(0, start) +
      template.slice(start).split('\n').map((line) => (line === '  //' ? '' : line.replace(/^ {2}\/\/ /, '  '))).join('\n');
    const file = join(dir, 'src/hooks-examples.ts');
    writeFileSync(file, uncommented);
    try {
      run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], dir);
    } finally {
      rmSync(file);
    }
  }, 60_000);
});
