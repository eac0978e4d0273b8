import { describe, expect, it } from 'vitest';
import { checkHooks, type ToolOverride } from '../../templates/runtime/hooks.gen.js';
import { applyToolOverrides } from '../../templates/runtime/tool-overrides.gen.js';
import type { ToolDefinition, ToolEntry } from '../../templates/runtime/types.gen.js';

function entry(name: string, extra: Partial<ToolDefinition> = {}): ToolEntry {
  return {
    definition: { name, description: `${name} does things.`, inputSchema: { type: 'object' }, ...extra },
    binding: { kind: 'http', method: 'GET', path: `/${name}`, arguments: {}, security: [] },
  };
}

const ENTRIES = [entry('getPet', { title: 'Get a pet', annotations: { readOnlyHint: true, openWorldHint: true } }), entry('listPets'), entry('deletePet')];

type Shown = Pick<ToolDefinition, 'name' | 'title' | 'description' | 'annotations'>;
const shown = (tools: readonly ToolEntry[]): Shown[] =>
  tools.map(({ definition: { name, title, description, annotations } }) => ({ name, ...(title !== undefined ? { title } : {}), description, ...(annotations !== undefined ? { annotations } : {}) }));

const UNCHANGED = shown(ENTRIES);
const withFirst = (first: Shown): Shown[] => [first, ...UNCHANGED.slice(1)];

describe('applyToolOverrides', () => {
  const cases: { name: string; given: Record<string, unknown> | undefined; want: Shown[]; warnings: string[] }[] = [
    { name: 'no overrides', given: undefined, want: UNCHANGED, warnings: [] },
    { name: 'empty overrides', given: {}, want: UNCHANGED, warnings: [] },
    {
      name: 'every field; annotations merged over the generated ones',
      given: { getPet: { name: 'fetch_pet', title: 'Fetch', description: 'Better text.', annotations: { openWorldHint: false, idempotentHint: true } } },
      want: withFirst({ name: 'fetch_pet', title: 'Fetch', description: 'Better text.', annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true } }),
      warnings: [],
    },
    {
      name: 'a description only',
      given: { listPets: { description: 'Lists them.' } },
      want: [UNCHANGED[0]!, { name: 'listPets', description: 'Lists them.' }, UNCHANGED[2]!],
      warnings: [],
    },
    {
      name: 'two tools swap names',
      given: { listPets: { name: 'deletePet' }, deletePet: { name: 'listPets' } },
      want: [UNCHANGED[0]!, { name: 'deletePet', description: 'listPets does things.' }, { name: 'listPets', description: 'deletePet does things.' }],
      warnings: [],
    },
    {
      name: 'an unknown tool',
      given: { getPets: { name: 'x' } },
      want: UNCHANGED,
      warnings: ['hooks.tools: there is no tool "getPets"; its override is ignored (keys are the generated names, as in README.md)'],
    },
    {
      name: 'a rename onto another tool (ignoring case)',
      given: { getPet: { name: 'LISTPETS', description: 'kept' } },
      want: withFirst({ ...UNCHANGED[0]!, description: 'kept' }),
      warnings: ['hooks.tools: "getPet" is not renamed "LISTPETS": "listPets" would have the same name (ignoring case)'],
    },
    {
      name: 'two renames onto one name: both dropped',
      given: { getPet: { name: 'same' }, listPets: { name: 'same' } },
      want: UNCHANGED,
      warnings: [
        'hooks.tools: "getPet" is not renamed "same": "listPets" would have the same name (ignoring case)',
        'hooks.tools: "listPets" is not renamed "same": "getPet" would have the same name (ignoring case)',
      ],
    },
    {
      name: 'a dropped rename frees nothing it collided with: chains settle',
      given: { getPet: { name: 'listPets' }, listPets: { name: 'deletePet' } },
      want: UNCHANGED,
      warnings: [
        'hooks.tools: "listPets" is not renamed "deletePet": "deletePet" would have the same name (ignoring case)',
        'hooks.tools: "getPet" is not renamed "listPets": "listPets" would have the same name (ignoring case)',
      ],
    },
    {
      name: 'invalid values are ignored field by field',
      given: { getPet: { name: 'has space', title: 3, description: 'ok', annotations: { readOnlyHint: 'yes', destructiveHint: true, color: 'red' }, hint: true } },
      want: withFirst({ ...UNCHANGED[0]!, description: 'ok', annotations: { readOnlyHint: true, openWorldHint: true, destructiveHint: true } }),
      warnings: [
        'hooks.tools["getPet"]: unknown field "hint" is ignored (known: name, title, description, annotations)',
        'hooks.tools["getPet"].name must be 1 to 128 of A-Z a-z 0-9 _ . - ; the tool keeps its name',
        'hooks.tools["getPet"].title must be a string; it is ignored',
        'hooks.tools["getPet"].annotations.readOnlyHint must be a boolean; it is ignored',
        'hooks.tools["getPet"].annotations: unknown field "color" is ignored',
      ],
    },
    { name: 'an override that is not an object', given: { getPet: 'fetch_pet' }, want: UNCHANGED, warnings: ['hooks.tools["getPet"] is not an object; it is ignored'] },
    { name: 'a name of 129 characters', given: { getPet: { name: 'a'.repeat(129) } }, want: UNCHANGED, warnings: ['hooks.tools["getPet"].name must be 1 to 128 of A-Z a-z 0-9 _ . - ; the tool keeps its name'] },
  ];
  for (const { name, given, want, warnings } of cases) {
    it(name, () => {
      const result = applyToolOverrides(ENTRIES, given as Record<string, ToolOverride> | undefined);
      expect({ tools: shown(result.tools), warnings: result.warnings }).toEqual({ tools: want, warnings });
    });
  }

  it('keeps schemas and bindings, the other entries themselves, and maps replaced ones to their generated name', () => {
    const { tools, generatedNames } = applyToolOverrides(ENTRIES, { listPets: { name: 'pets' } });
    expect(tools[0]).toBe(ENTRIES[0]);
    expect(tools[2]).toBe(ENTRIES[2]);
    expect(tools[1]!.binding).toBe(ENTRIES[1]!.binding);
    expect(tools[1]!.definition.inputSchema).toBe(ENTRIES[1]!.definition.inputSchema);
    expect([...generatedNames.entries()]).toEqual([[tools[1], 'listPets']]);
    expect(ENTRIES[1]!.definition.name).toBe('listPets'); // the generated data is not modified
  });
});

describe('checkHooks', () => {
  const cases: { name: string; given: unknown; want: string[] }[] = [
    { name: 'no hooks', given: undefined, want: [] },
    { name: 'all known', given: { beforeRequest() {}, auth() {}, afterResponse() {}, tools: {} }, want: [] },
    { name: 'a typo', given: { beforeRequests() {} }, want: ['hooks: unknown key "beforeRequests" is ignored (known: beforeRequest, auth, afterResponse, confirm, extendServer, tools)'] },
    { name: 'a hook that is not a function', given: { auth: 'token' }, want: ['hooks: auth is not a function; it is ignored'] },
    { name: 'not an object', given: 'hooks', want: ['hooks: the exported `hooks` is not an object; no hooks are used'] },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(checkHooks(given)).toEqual(want));
  }
});
