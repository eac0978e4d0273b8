import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitClientTypes } from '../../src/emit/client-types.js';
import { exampleArguments } from '../../src/emit/example-arguments.js';
import type { JsonSchemaObject } from '../../src/model/json-schema.js';
import type { Tool } from '../../src/model/tool-model.js';
import { REPO_ROOT } from '../support/run-cli.js';

function tool(inputSchema: JsonSchemaObject): Tool {
  return { definition: { name: 't', description: 't', inputSchema }, binding: { kind: 'http', method: 'GET', path: '/x', arguments: {}, security: [] } };
}

const object = (properties: Record<string, unknown>, required: string[] = Object.keys(properties), more: JsonSchemaObject = {}): JsonSchemaObject => ({ type: 'object', properties, required, ...more });

describe('exampleArguments', () => {
  const cases: { name: string; given: JsonSchemaObject; want: string | undefined }[] = [
    { name: 'no required arguments', given: { type: 'object', properties: { a: { type: 'string' } } }, want: '' },
    {
      name: 'a placeholder per type; a type list takes its first non-null type',
      given: object({ s: { type: 'string' }, n: { type: 'integer' }, b: { type: 'boolean' }, l: { type: 'array' }, o: { type: 'object' }, t: { type: ['null', 'number'] }, z: { type: 'null' }, u: {} }),
      want: "{ s: '…', n: 1, b: true, l: [], o: {}, t: 1, z: null, u: '…' }",
    },
    { name: 'an input schema that does not say it is an object', given: { properties: { a: { type: 'string' } }, required: ['a'] }, want: "{ a: '…' }" },
    { name: 'an input schema without anything', given: {}, want: '' },
    { name: 'optional members are left out', given: object({ a: { type: 'string' }, b: { type: 'integer' } }, ['b']), want: '{ b: 1 }' },
    { name: 'a required name the type does not declare is left out (the object literal may not hold it)', given: object({ a: { type: 'string' } }, ['a', 'missing']), want: "{ a: '…' }" },
    { name: 'names that are not identifiers are quoted; __proto__ is computed', given: object({ 'X-Id': { type: 'string' }, __proto__x: { type: 'integer' }, ['__proto__']: { type: 'integer' } }), want: "{ 'X-Id': '…', __proto__x: 1, ['__proto__']: 1 }" },
    { name: 'enum and const: the first value as a literal, quotes escaped', given: object({ e: { type: 'string', enum: ['it\'s "x"\n', 'b'] }, n: { enum: [3, 4] }, c: { const: 'card' }, j: { const: { k: [1, null] } } }), want: "{ e: 'it\\'s \"x\"\\n', n: 3, c: 'card', j: { k: [1, null] } }" },
    {
      name: 'nested required members, through local $refs into $defs',
      given: { ...object({ customer: { $ref: '#/$defs/Customer' } }), $defs: { Customer: object({ name: { type: 'string' }, address: { $ref: '#/$defs/Address' }, email: { type: 'string' } }, ['name', 'address']), Address: object({ country: { type: 'string', enum: ['DE', 'FR'] } }) } },
      want: "{ customer: { name: '…', address: { country: 'DE' } } }",
    },
    { name: 'a dangling $ref is typed unknown: anything goes', given: object({ o: { $ref: '#/$defs/Gone' } }), want: "{ o: '…' }" },
    {
      name: 'allOf and keywords side by side are taken together',
      given: object({ a: { allOf: [object({ x: { type: 'integer' } }), object({ y: { type: 'string' } })], properties: { x: { minimum: 0 } } } }),
      want: "{ a: { x: 1, y: '…' } }",
    },
    {
      name: 'the first branch of oneOf and anyOf',
      given: object({ p: { oneOf: [object({ method: { const: 'card' } }), object({ method: { const: 'invoice' } })] }, q: { anyOf: [{ type: 'integer' }, { type: 'string' }] } }),
      want: "{ p: { method: 'card' }, q: 1 }",
    },
    {
      name: 'the next branch when the first gives no value, null when the other types give none',
      given: object({ p: { anyOf: [object({ a: { enum: [] } }), object({ b: { type: 'string' } })] }, n: { type: ['array', 'null'], minItems: 1, items: false } }),
      want: "{ p: { b: '…' }, n: null }",
    },
    {
      name: 'arrays: one element when minItems asks for some, a tuple its required elements',
      given: object({ none: { type: 'array', items: { type: 'string' } }, one: { type: 'array', minItems: 2, items: object({ sku: { type: 'string' } }) }, pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }, { type: 'boolean' }], minItems: 2 } }),
      want: "{ none: [], one: [{ sku: '…' }], pair: [1, '…'] }",
    },
    {
      name: 'an open object takes an undeclared required name, typed by its additionalProperties',
      given: object({ m: { type: 'object', required: ['k'], additionalProperties: { type: 'integer' } }, o: { type: 'object', required: ['k'] } }),
      want: "{ m: { k: 1 }, o: { k: '…' } }",
    },
    {
      name: 'long arguments take a line each',
      given: object({ first_argument_name: { type: 'string' }, second_argument_name: { type: 'string' }, third_argument: { type: 'integer' } }),
      want: "{\n    first_argument_name: '…',\n    second_argument_name: '…',\n    third_argument: 1,\n  }",
    },
    // No value type-checks, or none short enough: another tool is shown.
    { name: 'a required member of type never', given: object({ a: false as unknown as JsonSchemaObject }), want: undefined },
    { name: 'an empty enum', given: object({ a: { enum: [] } }), want: undefined },
    { name: 'types that exclude each other', given: object({ a: { allOf: [{ type: 'string' }, { type: 'integer' }] } }), want: undefined },
    { name: 'a required member that recurses', given: { ...object({ n: { $ref: '#/$defs/Node' } }), $defs: { Node: object({ next: { $ref: '#/$defs/Node' } }) } }, want: undefined },
    { name: 'a $ref cycle without nesting', given: { ...object({ n: { $ref: '#/$defs/A' } }), $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } } }, want: undefined },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(exampleArguments(tool(given))).toBe(want));

  it("every placeholder type-checks against the client's Args type of its schema (tsc)", () => {
    const shown = cases.filter((c) => c.want !== undefined && c.want !== '');
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-example-arguments-'));
    try {
      const { files, types } = emitClientTypes(shown.map((c) => tool(c.given)), shown.map((_, i) => `c${i}`));
      expect(new Set(types.map((t) => t.part)).size).toBe(1);
      for (const f of files) {
        mkdirSync(dirname(join(dir, f.path)), { recursive: true });
        writeFileSync(join(dir, f.path), f.contents);
      }
      const names = shown.map((_, i) => `C${i}Args`);
      writeFileSync(join(dir, 'src/use.ts'), [
        `import type { ${names.join(', ')} } from './client/types/${types[0]!.part}.gen.js';`,
        ...shown.map((c, i) => `// ${c.name}\nexport const v${i}: ${names[i]} = ${c.want};`),
        '',
      ].join('\n'));
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2023'], types: [] }, include: ['src'] }));
      const r = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
      expect(r.stdout + r.stderr).toBe('');
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
