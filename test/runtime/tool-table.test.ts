import { ProtocolError } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import {
  buildToolTable,
  DEFAULT_LIST_TTL_MS,
  DEFAULT_MAX_PAGE_BYTES,
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_SIZE,
  type ToolTable,
} from '../../templates/runtime/tool-table.gen.js';
import type { ToolEntry } from '../../templates/runtime/types.gen.js';
import { fixtureTools, manyTools } from './server-fixtures.js';

/** Every page from the first, following nextCursor: the tool names per page. */
function walk(table: ToolTable): string[][] {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = table.listPage(cursor);
    pages.push(page.tools.map((t) => t.name));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return pages;
}

function invalidCursor(table: ToolTable, cursor: string): unknown {
  try {
    table.listPage(cursor);
    return 'no error';
  } catch (error) {
    return error instanceof ProtocolError ? { code: error.code, message: error.message } : error;
  }
}

describe('buildToolTable pages', () => {
  const cases: { name: string; given: { count: number; pageSize?: number }; want: number[] }[] = [
    { name: 'one page when everything fits', given: { count: 3, pageSize: 5 }, want: [3] },
    { name: 'exact multiple: no empty last page', given: { count: 4, pageSize: 2 }, want: [2, 2] },
    { name: 'remainder on the last page', given: { count: 5, pageSize: 2 }, want: [2, 2, 1] },
    { name: 'no tools: one empty page', given: { count: 0, pageSize: 2 }, want: [0] },
    { name: 'default page size', given: { count: 250 }, want: [100, 100, 50] },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      const tools = manyTools(given.count);
      const table = buildToolTable(tools, given.pageSize === undefined ? {} : { pageSize: given.pageSize });
      const pages = walk(table);
      expect(pages.map((p) => p.length)).toEqual(want);
      expect(pages.flat()).toEqual(tools.map((t) => t.definition.name)); // the given order
    });
  }

  it('grows the default page size so a huge list takes at most DEFAULT_MAX_PAGES pages', () => {
    const count = DEFAULT_PAGE_SIZE * DEFAULT_MAX_PAGES + 1; // 5,001: 51 pages of 100 would be too many
    const table = buildToolTable(manyTools(count));
    expect(table.pageSize).toBe(101);
    expect(walk(table).length).toBe(DEFAULT_MAX_PAGES);
  });

  it('ends a page before its tools pass maxPageBytes of JSON; a tool larger than that gets a page of its own', () => {
    const big = (name: string, kb: number): ToolEntry => ({ ...manyTools(1)[0]!, definition: { ...manyTools(1)[0]!.definition, name, description: 'x'.repeat(kb * 1000) } });
    const tools = [big('a', 3), big('b', 3), big('c', 3), big('huge', 12), big('d', 1), big('e', 1)];
    const table = buildToolTable(tools, { maxPageBytes: 10_000 });
    expect(walk(table)).toEqual([['a', 'b', 'c'], ['huge'], ['d', 'e']]);
    let cursor: string | undefined;
    do {
      const page = table.listPage(cursor);
      if (page.tools.length > 1) expect(Buffer.byteLength(JSON.stringify(page.tools))).toBeLessThanOrEqual(10_000);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    // Cursors name the limits: one from a table with other limits is refused.
    const other = buildToolTable(tools, { maxPageBytes: 20_000 });
    expect(invalidCursor(other, table.listPage(undefined).nextCursor!)).toMatchObject({ message: expect.stringContaining('Invalid cursor') });
    expect(DEFAULT_MAX_PAGE_BYTES).toBe(4_000_000);
  });

  it('keeps an explicit page size even for a huge list', () => {
    expect(buildToolTable(manyTools(600), { pageSize: 10 }).pageSize).toBe(10);
  });

  it('puts ttlMs and cacheScope on every page, nextCursor on all but the last', () => {
    const table = buildToolTable(manyTools(5), { pageSize: 2 });
    const first = table.listPage(undefined);
    const second = table.listPage(first.nextCursor);
    const last = table.listPage(second.nextCursor);
    for (const page of [first, second, last]) {
      expect(page.ttlMs).toBe(DEFAULT_LIST_TTL_MS);
      expect(page.cacheScope).toBe('public');
    }
    expect([typeof first.nextCursor, typeof second.nextCursor, 'nextCursor' in last]).toEqual(['string', 'string', false]);
  });

  it('takes ttlMs and cacheScope from the options', () => {
    const page = buildToolTable(manyTools(1), { ttlMs: 1_000, cacheScope: 'private' }).listPage(undefined);
    expect([page.ttlMs, page.cacheScope]).toEqual([1_000, 'private']);
  });

  it('lists each tool exactly as defined, outputSchema included', () => {
    const [first] = buildToolTable(fixtureTools).listPage(undefined).tools;
    expect(first).toEqual(fixtureTools[0]!.definition);
    expect(first?.outputSchema).toEqual(fixtureTools[0]!.definition.outputSchema);
  });
});

describe('buildToolTable cursors', () => {
  const table = buildToolTable(manyTools(5), { pageSize: 2 });
  const second = table.listPage(undefined).nextCursor ?? '';

  it('are opaque: neither a bare offset nor a tool name', () => {
    expect(second).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(second).not.toMatch(/^\d+$/);
    expect(second).not.toContain('tool_');
  });

  const bad: { name: string; given: string }[] = [
    { name: 'garbage', given: 'bogus' },
    { name: 'empty string', given: '' },
    { name: 'a bare offset', given: '2' },
    { name: 'a cursor of a different tool list', given: buildToolTable(manyTools(6), { pageSize: 2 }).listPage(undefined).nextCursor ?? '' },
    { name: 'a cursor of a different page size', given: buildToolTable(manyTools(5), { pageSize: 1 }).listPage(undefined).nextCursor ?? '' },
    { name: 'a valid cursor with a suffix', given: `${second}x` },
  ];
  for (const { name, given } of bad) {
    it(`refuses ${name} with -32602`, () => {
      expect(invalidCursor(table, given)).toEqual({ code: -32602, message: 'Invalid cursor' });
    });
  }
});

describe('buildToolTable validation', () => {
  const broken: ToolEntry = {
    ...fixtureTools[0]!,
    definition: {
      name: 'broken',
      description: 'Has a dangling $ref.',
      inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/Nope' } } },
    },
  };

  it('refuses duplicate tool names', () => {
    expect(() => buildToolTable([fixtureTools[0]!, fixtureTools[0]!])).toThrow('Duplicate tool name "get_item"');
  });

  const badOptions: { name: string; given: Record<string, number>; want: string }[] = [
    { name: 'page size 0', given: { pageSize: 0 }, want: 'pageSize must be a positive integer, got 0' },
    { name: 'fractional page size', given: { pageSize: 1.5 }, want: 'pageSize must be a positive integer, got 1.5' },
    { name: 'ttlMs 0', given: { ttlMs: 0 }, want: 'ttlMs must be a positive integer, got 0' },
  ];
  for (const { name, given, want } of badOptions) {
    it(`refuses ${name}`, () => {
      expect(() => buildToolTable(fixtureTools, given)).toThrow(want);
    });
  }

  it('compiles lazily: a broken schema fails at its first use, naming the tool', () => {
    const table = buildToolTable([broken]);
    const validate = (): unknown => table.byName.get('broken')?.input['~standard'].validate({});
    expect(validate).toThrow('Tool "broken": cannot compile its inputSchema: can\'t resolve reference #/$defs/Nope from id #');
  });

  it('compiles everything up front with eager: true', () => {
    expect(() => buildToolTable([broken], { eager: true })).toThrow('Tool "broken": cannot compile its inputSchema');
  });

  it('validates arguments with the compiled input schema, keeping the JSON Schema verbatim', () => {
    const input = buildToolTable(fixtureTools).byName.get('create_order')!.input['~standard'];
    expect(input.validate({ customer: { id: '6f1c1b9e-8a5e-4a43-9f0e-4e0f3c1d2a11' } })).toEqual({
      value: { customer: { id: '6f1c1b9e-8a5e-4a43-9f0e-4e0f3c1d2a11' } },
    });
    expect(input.validate({ customer: { id: 'x' } })).toEqual({ issues: [{ message: 'customer.id must match format "uuid"' }] });
    expect(input.jsonSchema.input({ target: 'draft-2020-12' })).toBe(fixtureTools[1]!.definition.inputSchema);
  });

  it('does not take an inherited property (constructor, toString) for an argument or a field', () => {
    const inherited = { type: 'object', properties: { constructor: { type: 'string' }, toString: { type: 'string' } } } as const;
    const schema = { type: 'object', properties: { ...inherited.properties, nested: inherited }, additionalProperties: false } as const;
    const [template] = fixtureTools;
    const tool = { ...template!, definition: { ...template!.definition, name: 'inherits', inputSchema: schema, outputSchema: schema } };
    const table = buildToolTable([tool]);
    const input = table.byName.get('inherits')!.input['~standard'];
    const given = { nested: {} };
    const checked = input.validate(given);
    expect(checked).toEqual({ value: { nested: {} } });
    expect((checked as { value: unknown }).value).toBe(given);
    expect(input.validate({ constructor: 1 })).toEqual({ issues: [{ message: 'constructor must be string' }] });
    expect(table.outputValidators.get('inherits')?.({ nested: { toString: 'x' } })).toBeUndefined();
  });
});

describe('buildToolTable output validators', () => {
  const validators = buildToolTable(fixtureTools).outputValidators;

  it('exist only for tools with an outputSchema', () => {
    expect([...validators.keys()]).toEqual(['get_item']);
  });

  const cases: { name: string; given: unknown; want: string | undefined }[] = [
    { name: 'a match', given: { tool: 'x', arguments: {} }, want: undefined },
    { name: 'a wrong type', given: { tool: 1, arguments: {} }, want: 'data/tool must be string' },
    {
      name: 'missing properties',
      given: {},
      want: "data must have required property 'tool', data must have required property 'arguments'",
    },
    { name: 'an array', given: [1], want: 'data must be object' },
  ];
  for (const { name, given, want } of cases) {
    it(`report ${name}`, () => {
      expect(validators.get('get_item')?.(given)).toBe(want);
    });
  }
});
