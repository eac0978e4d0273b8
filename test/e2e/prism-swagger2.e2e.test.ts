import { Client, StreamableHTTPClientTransport, type Tool } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGeneratedPackage, startHttpServer, type RunningServer } from '../support/generated-package.js';
import { startPrism, type RunningPrism } from '../support/prism.js';

/**
 * A Swagger 2.0 spec end to end against Prism started from the same spec with request
 * validation on: every tool's request (query collectionFormat, body parameter, formData with a
 * file, urlencoded form, basic auth) must pass Prism's validation and get a mocked 2xx answer.
 */
const SPEC = 'test/fixtures/specs/petstore.2.0.yaml';
let prism: RunningPrism;
let server: RunningServer;
let client: Client;
let tools: Map<string, Tool>;

beforeAll(async () => {
  // Full output schemas: the mismatch case below needs the response schema's constraints.
  const dir = buildGeneratedPackage(SPEC, 'pets-v2-mcp', {}, ['--output-schema', 'full']);
  prism = await startPrism(SPEC);
  server = await startHttpServer(dir, ['--base-url', prism.url], { ...process.env, PETS_V2_BASIC_USERNAME: 'u', PETS_V2_BASIC_PASSWORD: 'p' });
  client = new Client({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  tools = new Map((await client.listTools()).tools.map((t) => [t.name, t]));
}, 240_000);

afterAll(async () => {
  await client?.close();
  await server?.close();
  await prism?.close();
});

type Result = { isError?: boolean; content: { text?: string }[]; structuredContent?: unknown; _meta?: Record<string, unknown> };

async function call(name: string, args: Record<string, unknown>): Promise<Result> {
  return (await client.callTool({ name, arguments: args }, { toolDefinition: tools.get(name)! })) as Result;
}

describe('generated Swagger 2.0 server against Prism (request validation on)', () => {
  it('lists one tool per operation', () => {
    expect([...tools.keys()]).toEqual(['listPets', 'addPet', 'updatePetWithForm', 'uploadImage']);
  });

  const cases: { tool: string; args: Record<string, unknown>; status: number }[] = [
    { tool: 'listPets', args: { tags: ['a', 'b'], limit: 5 }, status: 200 },
    { tool: 'addPet', args: { name: 'Rex', age: 3 }, status: 201 },
    { tool: 'updatePetWithForm', args: { petId: 'p1', name: 'Rex', status: 'sold' }, status: 200 },
    { tool: 'uploadImage', args: { petId: 42, caption: 'hi', file: Buffer.from('png-bytes').toString('base64') }, status: 200 },
  ];
  for (const c of cases) {
    it(`${c.tool}: Prism accepts the request`, async () => {
      const r = await call(c.tool, c.args);
      expect(r.content.map((x) => x.text).join('\n')).not.toMatch(/HTTP 4\d\d/);
      expect(r._meta?.['openapi-mcp/status']).toBe(c.status);
    });
  }

  it('an answer that breaks the outputSchema still reaches the model, flagged, with the first mismatch', async () => {
    // Prism's static mock for Pet ends its recursion with `parent: {}` and `age: 0`, which the
    // schema forbids (required name, exclusiveMinimum 0): exactly the slightly-wrong data real APIs send.
    const r = await call('listPets', { limit: 2 });
    const text = r.content.map((x) => x.text).join('\n');
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    expect(JSON.parse(text.split('\n')[0]!)).toEqual([{ name: 'string', age: 1, parent: { name: 'string', age: 0, parent: {} } }]);
    expect(text).toContain('The upstream call succeeded (HTTP 200), but its answer does not match');
    expect(r._meta?.['openapi-mcp/status']).toBe(200);
  });
});
