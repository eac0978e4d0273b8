import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../../src/diagnostics.js';
import { mapSpec } from '../../src/map-spec.js';

const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-repeats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a problem in a component that several operations use', () => {
  it('is reported once, not once per operation', async () => {
    writeFileSync(
      join(dir, 'api.yaml'),
      [
        'openapi: 3.0.3',
        "info: { title: t, version: '1' }",
        'paths:',
        '  /docs/{id}:',
        '    get: { operationId: getDoc, parameters: [{ $ref: "#/components/parameters/id" }], responses: { "200": { description: ok } } }',
        '    delete: { operationId: deleteDoc, parameters: [{ $ref: "#/components/parameters/id" }], responses: { "204": { description: gone } } }',
        'components:',
        '  parameters:',
        '    id: { name: id, in: path, required: true, schema: { type: any } }',
        '',
      ].join('\n'),
    );
    const { diagnostics } = await mapSpec('api.yaml', { cwd: dir });
    expect(diagnostics.items.filter((d) => d.code === 'schema-invalid')).toEqual([
      expect.objectContaining({ pointer: '/components/parameters/id/schema/type', message: '"type" "any" is not a JSON Schema type; ignored' }),
    ]);
  });
});

describe('DiagnosticBag.dropRepeats', () => {
  it('keeps the first of each exact repeat, in order, and what differs in any field', () => {
    const bag = new DiagnosticBag();
    bag.warn('a', 'one', { file: 'f', pointer: '/x' });
    bag.warn('b', 'two');
    bag.warn('a', 'one', { file: 'f', pointer: '/x' });
    bag.warn('a', 'one', { file: 'f', pointer: '/y' });
    bag.error('a', 'one', { file: 'f', pointer: '/x' });
    bag.warn('b', 'two');
    bag.dropRepeats();
    expect(bag.items.map((d) => `${d.severity} ${d.code} ${d.pointer ?? '-'} ${d.message}`)).toEqual([
      'warning a /x one',
      'warning b - two',
      'warning a /y one',
      'error a /x one',
    ]);
  });
});
