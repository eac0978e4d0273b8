import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { JsonTexts } from '../../src/json-texts.js';
import type { ToolDefinition } from '../../src/model/tool-model.js';
import { countTool, countToolListTokens, formatTokens, groupThousands, loadTokenCounter, measureToolList, TOKENIZER } from '../../src/report/token-cost.js';

const tool = (name: string, description: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  ...extra,
});

const tools: ToolDefinition[] = [
  tool('get_repo', 'Gets a repository.', {
    title: 'Get a repository',
    inputSchema: {
      type: 'object',
      properties: { owner: { type: 'string', description: 'The account owner.' }, repo: { type: 'string' } },
      required: ['owner', 'repo'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: { id: { type: 'integer' }, full_name: { type: 'string' } } },
    annotations: { readOnlyHint: true },
  }),
  tool('delete_repo', 'Deletes a repository. This cannot be undone, so ask before calling it twice.', { annotations: { destructiveHint: true } }),
  tool('ping', 'Ping.'),
];

describe('o200k_base counter', () => {
  it('counts known texts', async () => {
    const count = await loadTokenCounter();
    expect(TOKENIZER).toBe('o200k_base');
    expect(count('')).toBe(0);
    expect(count('hello world')).toBe(2);
    expect(count('{"type":"object"}')).toBeGreaterThan(2);
  });
});

describe('measureToolList', () => {
  it('counts each tool as listed and breaks it down', async () => {
    const count = await loadTokenCounter();
    const cost = await countToolListTokens(tools);
    expect(cost.tools).toBe(3);
    const [repo, del, ping] = cost.perTool;
    expect(repo).toEqual({
      name: 'get_repo',
      tokens: count(JSON.stringify(tools[0])),
      inputSchema: count(JSON.stringify(tools[0]!.inputSchema)),
      outputSchema: count(JSON.stringify(tools[0]!.outputSchema)),
      descriptions: count('Get a repository\nGets a repository.'),
      bytes: Buffer.byteLength(JSON.stringify(tools[0])),
      readOnly: true,
    });
    expect(del!.outputSchema).toBe(0);
    expect(del!.readOnly).toBeUndefined();
    expect(ping!.descriptions).toBe(count('Ping.'));
    expect(cost.inputSchema).toBe(cost.perTool.reduce((n, t) => n + t.inputSchema, 0));
    expect(cost.outputSchema).toBe(repo!.outputSchema);
    expect(cost.descriptions).toBe(repo!.descriptions + del!.descriptions + ping!.descriptions);
    // Shares are parts of each tool.
    for (const t of cost.perTool) expect(t.inputSchema + t.outputSchema + t.descriptions).toBeLessThan(t.tokens);
  });

  it('the total matches counting the whole answer in one piece, within a few tokens', async () => {
    const count = await loadTokenCounter();
    const many = Array.from({ length: 40 }, (_, i) => ({ ...tools[i % 3]!, name: `${tools[i % 3]!.name}_${i}` }));
    const cost = measureToolList(many, count);
    const exact = count(JSON.stringify({ tools: many }));
    expect(Math.abs(cost.tokens - exact)).toBeLessThanOrEqual(4);
    expect(cost.bytes).toBe(Buffer.byteLength(JSON.stringify({ tools: many })));
  });

  it('top lists the most expensive tools first, ties by name, at most `top`', async () => {
    const count = await loadTokenCounter();
    const cost = measureToolList(tools, count, { top: 2 });
    expect(cost.top.map((t) => t.name)).toEqual(['get_repo', 'delete_repo']);
    const same = measureToolList([tool('b', 'x'), tool('a', 'x'), tool('c', 'x')], count);
    expect(same.top.map((t) => t.name)).toEqual(['a', 'b', 'c']);
    expect(measureToolList(Array.from({ length: 12 }, (_, i) => tool(`t${i}`, 'x')), count).top).toHaveLength(10);
  });

  it('median: the middle tool, the lower middle for an even count, 0 for none', async () => {
    const count = (text: string): number => text.length; // a stand-in counter: lengths are easy to reason about
    expect(measureToolList([tool('a', 'x'), tool('bbbbbbbb', 'x'), tool('cc', 'x')], count).median).toBe(count(JSON.stringify(tool('cc', 'x'))));
    expect(measureToolList([tool('a', 'x'), tool('bb', 'x')], count).median).toBe(count(JSON.stringify(tool('a', 'x'))));
    expect(measureToolList([], count)).toMatchObject({ tools: 0, median: 0, top: [], perTool: [], tokens: count('{"tools":[]}') });
  });

  it('groups by toolset when given a grouping, most expensive first', async () => {
    const count = await loadTokenCounter();
    const cost = measureToolList(tools, count, { toolsetOf: (t) => (t.name === 'ping' ? 'meta' : 'repos') });
    expect(cost.perTool.map((t) => t.toolset)).toEqual(['repos', 'repos', 'meta']);
    expect(cost.toolsets).toEqual([
      { name: 'repos', tools: 2, tokens: cost.perTool[0]!.tokens + cost.perTool[1]!.tokens, bytes: cost.perTool[0]!.bytes + cost.perTool[1]!.bytes },
      { name: 'meta', tools: 1, tokens: cost.perTool[2]!.tokens, bytes: cost.perTool[2]!.bytes },
    ]);
    expect(measureToolList(tools, count).toolsets).toBeUndefined();
  });
});

describe('formatTokens', () => {
  const cases: [number, string][] = [
    [0, '0'],
    [950, '950'],
    [1000, '1.00 k'],
    [48213, '48.2 k'],
    [349_999, '350 k'],
    [1_911_184, '1.91 M'],
  ];
  for (const [given, want] of cases) it(`${given} → ${want}`, () => expect(formatTokens(given)).toBe(want));
});

describe('text that spells a special token', () => {
  it('counts as ordinary text instead of failing the run', async () => {
    const cost = await countToolListTokens([tool('say', 'Say <|endoftext|> here.')]);
    const count = await loadTokenCounter();
    expect(cost.tokens).toBe(count(JSON.stringify(tool('say', 'Say <|endoftext|> here.'))) + count('{"tools":[]}'));
    expect(cost.descriptions).toBeGreaterThan(3);
  });
});

describe('groupThousands', () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    const values = [0, 1, 12, 123, 999, 1000, 1001, 12_345, 99_999, 100_000, 123_456, 1_000_000, 1_920_582, 358_551, 2 ** 31, Number.MAX_SAFE_INTEGER, -1, -1234, -1_000_000, 1.5, 1234.5678];
    for (let i = 1; i < 10_000_000; i = Math.floor(i * 1.7) + 1) values.push(i);
    for (const n of values) expect(groupThousands(n), String(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('countTool in one pass (a span counter)', () => {
  const ordinary = { disallowedSpecial: new Set<string>() };
  const reference = (text: string): number => countTokens(text, ordinary); // gpt-tokenizer, no withSpans: each text counted alone
  const examples = join(dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json')), '3.0/json');

  it('gives what counting each text alone with gpt-tokenizer gives, on tools made of every @readme/oas-examples 3.0 spec', async () => {
    const count = await loadTokenCounter();
    const files = readdirSync(examples).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const spec = JSON.parse(readFileSync(join(examples, file), 'utf8')) as Record<string, any>;
      const made: ToolDefinition[] = [
        { name: file, title: spec.info?.title, description: String(spec.info?.description ?? ''), inputSchema: spec.components ?? { type: 'object' }, outputSchema: spec.paths, annotations: { readOnlyHint: true } },
        { name: file, description: 'x', inputSchema: spec.paths ?? {} },
        { name: file, description: '', inputSchema: { type: 'object' }, outputSchema: spec.components?.schemas ?? { type: 'string' } },
      ];
      for (const tool of made) {
        const json = JSON.stringify(tool);
        const want = {
          tokens: reference(json),
          inputSchema: reference(JSON.stringify(tool.inputSchema)),
          outputSchema: tool.outputSchema === undefined ? 0 : reference(JSON.stringify(tool.outputSchema)),
          descriptions: reference((tool.title ?? '') + (tool.title !== undefined ? '\n' : '') + tool.description),
          bytes: Buffer.byteLength(json),
        };
        expect(countTool(tool, count), file).toEqual(want);
        expect(countTool(tool, reference), file).toEqual(want);
      }
    }
  });

  it('builds the JSON as JSON.stringify does: keys in order, undefined values left out, schemas from the run\'s texts', async () => {
    const count = await loadTokenCounter();
    const odd = { title: undefined, name: 'odd', description: 'Odd "quoted" \\ text\n', annotations: undefined, inputSchema: { type: 'object', properties: { 'a"b': { const: null } } }, icons: [{ src: 'x' }], outputSchema: { type: 'object' } } as unknown as ToolDefinition;
    const json = JSON.stringify(odd);
    const texts = new JsonTexts();
    const figures = countTool(odd, count, texts);
    expect(figures).toEqual({ tokens: count(json), inputSchema: count(JSON.stringify(odd.inputSchema)), outputSchema: count(JSON.stringify(odd.outputSchema)), descriptions: count(odd.description), bytes: Buffer.byteLength(json) });
    expect(texts.of(odd.inputSchema)).toBe(JSON.stringify(odd.inputSchema));
    expect(countTool(tool('x', 'y'), count).outputSchema).toBe(0);
  });
});
