import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../templates/client/create-client.gen.js';
import { ToolCallError } from '../../templates/client/errors.gen.js';
import type { DefinitionPart } from '../../templates/client/types.gen.js';

/**
 * A 2025-11-25 server (the real TypeScript SDK 1.x, which @modelcontextprotocol/conformance brings
 * along): the client's `server/discover` probe fails and it falls back to `initialize`; calls,
 * unwrapping and tool errors work the same.
 */
const listPets = {
  name: 'list_pets',
  description: 'Lists pets.',
  inputSchema: { type: 'object' as const, properties: { limit: { type: 'integer' } } },
  outputSchema: { type: 'object' as const, properties: { result: { type: 'array', items: { type: 'string' } } }, required: ['result'] },
};

/** One stateless SDK 1.x server per request, like a 2025-era deployment. */
async function legacyFetch(request: Request): Promise<Response> {
  const server = new Server({ name: 'legacy', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [listPets] }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const limit = (req.params.arguments as { limit?: number } | undefined)?.limit ?? 2;
    if (limit > 10) return { content: [{ type: 'text', text: 'HTTP 400 Bad Request: limit too big' }], isError: true, _meta: { 'openapi-mcp/status': 400 } };
    const pets = ['rex', 'tom', 'kit'].slice(0, limit);
    return { content: [{ type: 'text', text: JSON.stringify(pets) }], structuredContent: { result: pets } };
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  return transport.handleRequest(request);
}

describe('createApiClient against a 2025-11-25 server', () => {
  it('falls back from 2026-07-28 and calls the tools', async () => {
    const versions: (string | null)[] = [];
    const parts: DefinitionPart[] = [{ tools: [{ definition: listPets }] }];
    const api = await createApiClient<{ listPets(args?: { limit?: number }): Promise<string[]>; close(): Promise<void> }>(
      { name: 'c', version: '1', methods: { listPets: { tool: 'list_pets', part: 'part-list-pets', wrappedIn: 'result' } }, parts: { 'part-list-pets': async () => parts[0]! } },
      {
        url: 'http://127.0.0.1/mcp',
        fetch: async (input, init) => {
          const request = new Request(input, init);
          versions.push(request.headers.get('mcp-protocol-version'));
          return legacyFetch(request);
        },
      },
    );
    expect(await api.listPets({ limit: 3 })).toEqual(['rex', 'tom', 'kit']);
    const error = await api.listPets({ limit: 11 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error).toMatchObject({ tool: 'list_pets', status: 400, message: 'list_pets: HTTP 400 Bad Request: limit too big' });
    // The probe spoke 2026-07-28; every request after the fallback speaks 2025-11-25.
    expect(versions[0]).toBe('2026-07-28');
    expect(versions.at(-1)).toBe('2025-11-25');
    await api.close();
  });
});
