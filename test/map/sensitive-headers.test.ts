import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mapSpec } from '../../src/map-spec.js';

const scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-sensitive-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SPEC = `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /a:
    get:
      operationId: getA
      parameters:
        - { name: X-Foo, in: header, description: The API key of the caller, schema: { type: string } }
        - { name: X-Secret-Ish, in: header, schema: { type: string, writeOnly: true } }
        - { name: X-Rapidapi-Key, in: header, schema: { type: string } }
        - { name: X-Card, in: header, schema: { type: string } }
        - { name: X-Region, in: header, schema: { type: string } }
      responses: { '200': { description: ok } }
`;

async function headers(options: { notSensitive?: string[] } = {}): Promise<string[]> {
  const dir = mkdtempSync(join(scratch, 'c-'));
  writeFileSync(join(dir, 'spec.yaml'), SPEC);
  const { tools } = await mapSpec('spec.yaml', { cwd: dir, ...options });
  const props = tools.tools[0]!.definition.inputSchema.properties as Record<string, Record<string, unknown>>;
  return Object.values(props).flatMap((p) => (typeof p['x-mcp-header'] === 'string' ? [p['x-mcp-header']] : []));
}

describe('x-mcp-header never on sensitive parameters (issue 12, finding 7)', () => {
  it('consults the description, writeOnly and the extended word list', async () => {
    expect(await headers()).toEqual(['X-Region']);
  });

  it('mirrors a false positive again with notSensitive (--not-sensitive)', async () => {
    expect(await headers({ notSensitive: ['X-Card'] })).toEqual(['X-Card', 'X-Region']);
  });
});
