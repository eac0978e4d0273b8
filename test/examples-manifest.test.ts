// examples/manifest: a tool manifest with real handlers (an in-memory note store). The committed
// output is what the generator writes today, it builds, and the official MCP client and the
// package's own typed client use it over stdio and Streamable HTTP.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, startHttpServer, type RunningServer } from './support/generated-package.js';
import { REPO_ROOT, runCli } from './support/run-cli.js';

const DIR = join(REPO_ROOT, 'examples/manifest/server');
const ENV = { PATH: process.env.PATH ?? '' };

interface NotesClient {
  addNote(args: { text: string; tags?: string[] }): Promise<{ id: number; text: string; tags: string[]; created: string }>;
  getNote(args: { id: number }): Promise<{ id: number; text: string }>;
  listNotes(args?: { tag?: string }): Promise<{ id: number }[]>;
  deleteNote(args: { id: number }): Promise<string>;
  close(): Promise<void>;
}

describe('examples/manifest', () => {
  it('is current (generate --check)', () => {
    const r = runCli(['generate', 'examples/manifest/tools.yaml', '--out', 'examples/manifest/server', '--check']);
    expect(r.stderr).toBe('examples/manifest/server is up to date\n');
    expect(r.code).toBe(0);
  });

  it('keeps the handlers the user wrote (they are not stubs)', () => {
    for (const tool of ['add_note', 'get_note', 'list_notes', 'delete_note', 'export_notes']) {
      expect(readFileSync(join(DIR, `src/handlers/${tool}.ts`), 'utf8')).not.toContain('notImplemented');
    }
  });

  describe('built, with clients', () => {
    let http: RunningServer;
    beforeAll(async () => {
      run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], DIR);
      run('npm', ['run', 'build'], DIR);
      http = await startHttpServer(DIR, [], ENV);
    }, 120_000);
    afterAll(async () => {
      await http?.close();
    });

    const official = async (transport: 'stdio' | 'http'): Promise<Client> => {
      // A host that shows forms: delete_note is destructive, so the server asks to confirm it first.
      const client = new Client({ name: 'example-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: { form: {} } } });
      client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { confirm: true } }));
      await client.connect(transport === 'stdio'
        ? new StdioClientTransport({ command: process.execPath, args: [join(DIR, 'dist/main.js')], env: ENV, stderr: 'pipe' })
        : new StreamableHTTPClientTransport(new URL(http.url)));
      return client;
    };

    for (const transport of ['stdio', 'http'] as const) {
      it(`the official client lists and calls every tool over ${transport}`, async () => {
        const client = await official(transport);
        try {
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name)).toEqual(['add_note', 'get_note', 'list_notes', 'delete_note', 'export_notes']);
          expect(tools[1]!.inputSchema.properties).toMatchObject({ id: { type: 'integer', 'x-mcp-header': 'Note-Id' } });

          const added = await client.callTool({ name: 'add_note', arguments: { text: 'Buy milk', tags: ['shopping'] } });
          const note = added.structuredContent as { id: number; created: string };
          expect(added.isError).toBeUndefined();
          expect(note).toMatchObject({ text: 'Buy milk', tags: ['shopping'] });
          expect(JSON.parse((added.content[0] as { text: string }).text)).toEqual(note);

          expect((await client.callTool({ name: 'get_note', arguments: { id: note.id } })).structuredContent).toEqual(note);
          const listed = await client.callTool({ name: 'list_notes', arguments: { tag: 'shopping' } });
          expect((listed.structuredContent as { result: { id: number }[] }).result.map((n) => n.id)).toContain(note.id);

          const exported = await client.callTool({ name: 'export_notes', arguments: {} });
          expect(exported.content.map((b) => b.type)).toEqual(['text', 'resource']);
          expect((exported.content[1] as { resource: { text: string } }).resource.text).toContain(`## Note ${note.id}\n\nBuy milk`);

          expect(await client.callTool({ name: 'delete_note', arguments: { id: note.id } })).toMatchObject({ content: [{ type: 'text', text: `Deleted note ${note.id}.` }] });
          expect(await client.callTool({ name: 'get_note', arguments: { id: note.id } })).toMatchObject({ isError: true, content: [{ type: 'text', text: `There is no note ${note.id}.` }] });
          const invalid = await client.callTool({ name: 'add_note', arguments: { text: '', tags: ['Not A Tag'] } });
          expect(invalid.isError).toBe(true);
          expect((invalid.content[0] as { text: string }).text).toMatch(/^Input validation error/);
        } finally {
          await client.close();
        }
      });

      it(`the typed client calls the tools over ${transport}`, async () => {
        const { createClient, ToolCallError } = (await import(pathToFileURL(join(DIR, 'dist/client/index.js')).href)) as {
          createClient(options: object): Promise<NotesClient>;
          ToolCallError: new (...args: never[]) => Error;
        };
        const onElicitation = () => ({ action: 'accept', content: { confirm: true } });
        const api = await createClient(transport === 'stdio' ? { command: process.execPath, args: [join(DIR, 'dist/main.js')], env: ENV, stderr: 'pipe', onElicitation } : { url: http.url, onElicitation });
        try {
          const note = await api.addNote({ text: 'Typed', tags: ['t'] });
          expect(note).toMatchObject({ text: 'Typed', tags: ['t'] });
          expect(await api.getNote({ id: note.id })).toEqual(note);
          expect((await api.listNotes({ tag: 't' })).map((n) => n.id)).toContain(note.id); // unwrapped from { result }
          expect(await api.deleteNote({ id: note.id })).toBe(`Deleted note ${note.id}.`);
          await expect(api.getNote({ id: note.id })).rejects.toBeInstanceOf(ToolCallError);
        } finally {
          await api.close();
        }
      });
    }
  });
});
