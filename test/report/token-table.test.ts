import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { oasExampleFiles } from '../support/oas-examples.js';
import { loadTableCounter } from '../../src/report/token-table.js';
import { countTool, loadTokenCounterSync, measureToolList } from '../../src/report/token-cost.js';
import type { ToolDefinition } from '../../src/model/tool-model.js';

// The table is written by `npm run build` (the test setup builds first).
const ordinary = { disallowedSpecial: new Set<string>() };
const reference = (text: string): number => countTokens(text, ordinary);

describe('the o200k_base table counter', () => {
  const count = loadTableCounter();

  it('is built', () => expect(count).toBeTypeOf('function'));

  it("counts as gpt-tokenizer does: ASCII, other scripts, emoji, lone surrogates, words it must merge, special-token text", () => {
    const texts = [
      '', 'hello world', '  leading and trailing  ', 'tabs\tand\r\nnewlines\n\n\n', "it's they'll WE'RE", '1234567890 3.14159 -42',
      'Zürich café naïve façade', 'Привет мир', 'こんにちは世界、東京都', '한국어 텍스트', 'مرحبا بالعالم', 'שלום עולם', 'हिन्दी पाठ',
      '😀🎉👩‍👩‍👧‍👦 flags 🇩🇪', '\ud800 lone \udfff surrogates \ud83d', 'pneumonoultramicroscopicsilicovolcanoconiosis', 'xqzjvkwpfgh'.repeat(20),
      'say <|endoftext|> and <|im_start|>', '{"type":"object","properties":{"owner":{"type":"string","maxLength":5000}}}',
      '\u0000\u0001\u007f\u00a0\u2028\u2029\ufeff', 'a'.repeat(3000), ' '.repeat(100) + 'x', '`code` **bold** [link](https://example.com/a?b=c#d)',
      'e\u0301 \u0301A \u0301\u0301 ʰA ǅungla 中文\'s 𝐀𝐚𝐛 𝟎𝟏𝟐𝟑 Ⅷ² ٣٤٥٦ —“quoted”— \u3000x\u00a0\u00a0y', "don'T WE'LL it’s", '\r\n\r\n  \n\t x\u2028\u2028',
    ];
    for (const text of texts) expect(count!(text), JSON.stringify(text.slice(0, 60))).toBe(reference(text));
  });

  it('counts long single pieces (words, punctuation runs, non-ASCII runs) as gpt-tokenizer does', () => {
    let seed = 7;
    const letter = (): string => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2147483648) % 26));
    const texts = [
      Array.from({ length: 6000 }, letter).join(''), 'é'.repeat(2000), '!'.repeat(3000), '😀'.repeat(800), 'ab'.repeat(2000),
      'Zürich'.repeat(500), '\\'.repeat(1500), ' '.repeat(5000), 'xy!'.repeat(1000),
    ];
    for (const text of texts) expect(count!(text), JSON.stringify(text.slice(0, 20))).toBe(reference(text));
  });

  it('counts pieces that share a slot of the merged-piece cache as gpt-tokenizer does (one a prefix of the other, each after the other)', () => {
    // The slot is the low 12 bits of the piece's FNV-1a hash (token-table.ts): find such pairs.
    const slot = (text: string): number => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return h & 4095;
    };
    let seed = 3;
    const letter = (): string => String.fromCharCode(97 + ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) >>> 16) % 26);
    const pairs: [string, string][] = [];
    for (let tries = 0; pairs.length < 20 && tries < 1_000_000; tries++) {
      const short = Array.from({ length: 6 }, letter).join('');
      const long = short + letter() + letter();
      if (slot(short) === slot(long)) pairs.push([short, long]);
    }
    expect(pairs.length).toBe(20);
    for (const [short, long] of pairs) {
      for (const text of [long, short, long, short]) expect(count!(text), text).toBe(reference(text));
    }
  });

  it('counts a megabyte-long word in well under a second per megabyte, not hours (a spec can hold one)', () => {
    const started = performance.now();
    for (const text of ['x'.repeat(1_000_000), 'é'.repeat(500_000), '!'.repeat(1_000_000)]) expect(count!(text)).toBeGreaterThan(1000);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('counts every @readme/oas-examples spec as gpt-tokenizer does (JSON and YAML as written)', () => {
    const files = oasExampleFiles();
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(count!(text), file).toBe(reference(text));
    }
  });
});

describe('the counter of a run (table and chunk memo) on real tools', () => {
  // 63 tools/list definitions as `generate` builds them from Stripe's spec (the largest, with
  // repeated subtrees, `’`) and GitHub's (titles, `…`, output schemas): both specs MIT.
  const tools = JSON.parse(gunzipSync(readFileSync(new URL('../fixtures/tokens/tools.json.gz', import.meta.url))).toString('utf8')) as ToolDefinition[];

  it('counts each tool, its schemas and its texts as gpt-tokenizer does, again from the memo and the merged-piece cache', () => {
    expect(loadTableCounter()).toBeTypeOf('function');
    expect(tools.length).toBe(63);
    const count = loadTokenCounterSync();
    for (const round of [1, 2]) {
      for (const tool of tools) expect(countTool(tool, count), `${tool.name} (round ${round})`).toEqual(countTool(tool, reference));
    }
    const table = loadTableCounter()!;
    for (const tool of tools) expect(table(JSON.stringify(tool)), tool.name).toBe(reference(JSON.stringify(tool)));
    expect(measureToolList(tools, loadTokenCounterSync()).tokens).toBe(measureToolList(tools, reference).tokens);
  });
});
