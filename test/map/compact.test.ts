import { describe, expect, it } from 'vitest';
import type { JsonSchema, JsonSchemaObject } from '../../src/model/json-schema.js';
import type { ToolDefinition } from '../../src/model/tool-model.js';
import { compactInputSchema, createCompactInputMemo, unlinkText, withoutTexts } from '../../src/map/compact-input.js';
import { fitsCompactOutput } from '../../src/map/compact-output.js';
import { compactDefinition } from '../../src/map/compact-tool.js';

const defs: Record<string, JsonSchema> = { List: { type: 'array', items: { type: 'string' } }, Loop: { $ref: '#/$defs/Loop' }, Big: { type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field_${i}`, { type: 'string' }])) } };
const resolve = (ref: string): JsonSchema | undefined => defs[ref.slice('#/$defs/'.length)];

describe('compact output schemas', () => {
  const defOf = (key: string): JsonSchema | undefined => defs[key];
  const cases: { name: string; given: JsonSchemaObject; limit?: number; fits: boolean }[] = [
    { name: 'a message object fits', given: { type: 'object', properties: { message: { type: 'string', description: 'What happened, in a long sentence that does not count.' } } }, fits: true },
    { name: 'a definition reached twice counts once (153 characters)', given: { type: 'object', properties: { result: { $ref: '#/$defs/List' }, b: { $ref: '#/$defs/List' } } }, limit: 170, fits: true },
    { name: 'a definition counts', given: { type: 'object', properties: { result: { $ref: '#/$defs/Big' } } }, fits: false },
    { name: 'a $ref cycle ends', given: { type: 'object', properties: { result: { $ref: '#/$defs/Loop' } } }, fits: true },
    { name: 'twelve properties do not fit', given: { type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field_${i}`, { type: 'string' }])) }, fits: false },
  ];
  for (const c of cases) it(c.name, () => expect(fitsCompactOutput(c.given, defOf, c.limit)).toBe(c.fits));

  it('a limit of exactly the JSON length fits, one less does not', () => {
    const schema = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
    const length = JSON.stringify(schema).length;
    expect([fitsCompactOutput(schema, defOf, length + 8), fitsCompactOutput(schema, defOf, length - 8)]).toEqual([true, false]);
  });

  it('texts go at every depth; property names, enums and required stay', () => {
    const given: JsonSchemaObject = { type: 'object', title: 'T', description: 'd', properties: { description: { type: 'string', description: 'x', enum: ['a'] }, title: { type: 'object', properties: { n: { type: 'integer', examples: [1] } } } }, required: ['description'] };
    expect(withoutTexts(given)).toEqual({ type: 'object', properties: { description: { type: 'string', enum: ['a'] }, title: { type: 'object', properties: { n: { type: 'integer' } } } }, required: ['description'] });
  });
});

describe('unlinkText', () => {
  const cases: [string, string][] = [
    ['See [the guide](https://example.com/guide) first.', 'See the guide first.'],
    ['Per page (max 100). For more information, see "[Using pagination](https://docs.example.com/p)."', 'Per page (max 100).'],
    ['For more details about X, see [Limits](https://x.y/l).\nNext line.', 'Next line.'],
    ['Relative [links](/docs/a) and [anchors](#b) stay.', 'Relative [links](/docs/a) and [anchors](#b) stay.'],
    ['[Titled](https://a.b/c "The title") link', 'Titled link'],
    ['No links at all.', 'No links at all.'],
  ];
  for (const [given, want] of cases) it(JSON.stringify(given), () => expect(unlinkText(given)).toBe(want));
});

describe('compactInputSchema', () => {
  const shared: JsonSchemaObject = { type: 'object', description: 'An address.', properties: { zip: { type: 'string', description: 'Postal code', examples: ['12345'], pattern: '^\\d+$' } } };
  const input: JsonSchemaObject = {
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The id. See [docs](https://x.y/d).', minimum: 1, default: 7, examples: [3], 'x-mcp-header': 'id' },
      address: { $ref: '#/$defs/Address' },
      tags: { type: 'array', description: 'Tags', items: { type: 'string', enum: ['a', 'b'], description: 'one tag', format: 'hostname' } },
    },
    required: ['id'],
    additionalProperties: false,
    $defs: { Address: shared },
  };

  it('keeps every argument, type, enum, format, bound, default, required flag and top-level description; drops deeper texts', () => {
    expect(compactInputSchema(input, createCompactInputMemo())).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer', description: 'The id. See docs.', minimum: 1, default: 7, examples: [3], 'x-mcp-header': 'id' },
        address: { $ref: '#/$defs/Address', description: 'An address.' },
        tags: { type: 'array', description: 'Tags', items: { type: 'string', enum: ['a', 'b'], format: 'hostname' } },
      },
      required: ['id'],
      additionalProperties: false,
      $defs: { Address: { type: 'object', properties: { zip: { type: 'string', pattern: '^\\d+$' } } } },
    });
  });

  it('a shared definition stays one object across tools', () => {
    const memo = createCompactInputMemo();
    const a = compactInputSchema(input, memo);
    const b = compactInputSchema({ ...input, properties: { other: { type: 'string' } } }, memo);
    expect((a.$defs as Record<string, unknown>).Address).toBe((b.$defs as Record<string, unknown>).Address);
  });
});

describe('compactDefinition', () => {
  const tool = (): ToolDefinition => ({
    name: 'delete_pet',
    title: 'Delete a pet',
    description: 'Delete a pet\n\nRemoves the pet. For more information, see [Pets](https://x.y/pets).',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    annotations: { title: 'Delete a pet', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  it('drops the repeated title, link URLs and hints equal to MCP defaults, but keeps destructiveHint: true (confirmation asks on it)', () => {
    const t = tool();
    compactDefinition(t, createCompactInputMemo());
    expect(t).toEqual({ name: 'delete_pet', title: 'Delete a pet', description: 'Removes the pet.', inputSchema: { type: 'object', properties: {}, additionalProperties: false }, annotations: { destructiveHint: true, idempotentHint: true } });
  });

  it('keeps a non-default destructiveHint: false, and a description that is only the title', () => {
    const t: ToolDefinition = { ...tool(), description: 'Delete a pet', annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true } };
    compactDefinition(t, createCompactInputMemo());
    expect([t.description, t.annotations]).toEqual(['Delete a pet', { destructiveHint: false }]);
    const read: ToolDefinition = { ...tool(), annotations: { readOnlyHint: true, openWorldHint: true } };
    compactDefinition(read, createCompactInputMemo());
    expect(read.annotations).toEqual({ readOnlyHint: true });
  });
});
