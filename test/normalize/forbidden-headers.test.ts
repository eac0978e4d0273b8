import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mapSpec } from '../../src/map-spec.js';

const scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-forbidden-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function spec(cookieAuth: boolean): string {
  const names = ['Host', 'Transfer-Encoding', 'Connection', 'Content-Length', 'Cookie', 'Proxy-Authorization', 'Sec-Fetch-Mode', 'X-HTTP-Method-Override', 'X-Ok'];
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/a': { get: { operationId: 'getA', parameters: names.map((name) => ({ name, in: 'header', schema: { type: 'string' } })), responses: { '200': { description: 'ok' } } } } },
    ...(cookieAuth ? { components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } }, security: [{ session: [] }] } : {}),
  });
}

async function map(cookieAuth: boolean) {
  const dir = mkdtempSync(join(scratch, 'c-'));
  writeFileSync(join(dir, 'spec.json'), spec(cookieAuth));
  const { tools, diagnostics } = await mapSpec('spec.json', { cwd: dir });
  const args = Object.values(tools.tools[0]!.binding.kind === 'http' ? tools.tools[0]!.binding.arguments : {}).map((a) => a.name);
  return { args, warnings: diagnostics.items.filter((d) => d.code === 'parameter-header-forbidden').map((d) => d.message) };
}

describe('forbidden request headers are never tool arguments (issue 12, finding 11)', () => {
  it('drops Host, Transfer-Encoding, Connection, Content-Length, Proxy-*, Sec-*, method overrides, and Cookie with a cookie credential', async () => {
    const { args, warnings } = await map(true);
    expect(args).toEqual(['X-Ok']);
    expect(warnings).toHaveLength(8);
    expect(warnings[0]).toBe('header parameter "Host" is dropped: the HTTP client and the server set it, never a tool argument');
    expect(warnings).toContain('header parameter "Cookie" is dropped: the API takes a credential in a cookie, which a tool argument must not replace');
  });

  it('keeps a Cookie header parameter when no credential is a cookie', async () => {
    const { args } = await map(false);
    expect(args).toEqual(['Cookie', 'X-Ok']);
  });
});
