import { describe, expect, it } from 'vitest';
import { DefinitionTable, storedEntry, storedEntryJson } from '../../src/emit/tool-data.js';
import { JsonTexts } from '../../src/json-texts.js';
import type { JsonSchemaObject } from '../../src/model/json-schema.js';
import type { Tool } from '../../src/model/tool-model.js';

const binding: Tool['binding'] = { kind: 'http', method: 'get', path: '/pets/{id}', arguments: { id: { in: 'path', name: 'id', required: true } }, security: [] };
const pet: JsonSchemaObject = { type: 'object', properties: { name: { type: 'string' } } };

describe('storedEntryJson', () => {
  const cases: { name: string; tool: Tool }[] = [
    { name: 'a plain tool', tool: { definition: { name: 'get', description: 'Get.', inputSchema: { type: 'object' } }, binding } },
    {
      name: 'an undefined title is left out, keys keep their order',
      tool: { definition: { title: undefined, name: 'get', description: 'Get.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }, binding },
    },
    {
      name: 'schemas with $defs are stored with keys',
      tool: {
        definition: {
          name: 'get',
          description: 'Get.',
          inputSchema: { type: 'object', properties: { pet: { $ref: '#/$defs/Pet' } }, $defs: { Pet: pet } },
          outputSchema: { $ref: '#/$defs/Pet', $defs: { Pet: pet } },
        },
        binding,
      },
    },
    {
      name: 'elicit, scopes, a __proto__ property and non-ASCII text',
      tool: {
        definition: { name: 'get', description: 'Grüße — 🚀', inputSchema: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') as JsonSchemaObject },
        binding,
        elicit: ['id'],
        scopes: ['read:pets'],
      },
    },
  ];
  for (const { name, tool } of cases) {
    it(`${name}: the JSON.stringify of the stored entry`, () => {
      const stored = storedEntry(tool, new DefinitionTable().addTools([tool]));
      expect(storedEntryJson(tool, stored, new JsonTexts())).toBe(JSON.stringify(stored));
      if (tool.definition.outputSchema !== undefined) expect(JSON.stringify(stored.definition.outputSchema)).toBe('{"$ref":"#/$defs/Pet","$defs":{"Pet":""}}');
    });
  }
});
