import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { chunkedCounter } from '../../src/report/token-chunks.js';

const ordinary = { disallowedSpecial: new Set<string>() };
const whole = (text: string): number => countTokens(text, ordinary);
const examples = join(dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json')), '3.0/json');

describe('chunkedCounter', () => {
  it('gives the count of the whole text on tricky cuts', () => {
    const texts = [
      '', '"', '""', 'a"', '{"a":"b"}', `it's"x"`, `IT'S"X`, '12345"6789"', 'x1"2y"', 'ABCdef"GHi"', 'é"a"', 'aé"b"', '😀"a"',
      '<|endoftext|>"a"', 'a"<|endoftext|>"', '"  spaces  "  "', 'a\n"\nb"', 'a\r\n"b"', 'a"/b"', 'a"\'s"',
      JSON.stringify({ name: 'get_repo', inputSchema: { type: 'object', properties: { owner: { type: 'string', maxLength: 5000 } } } }),
    ];
    const count = chunkedCounter(whole);
    for (const text of texts) expect(count(text), JSON.stringify(text)).toBe(whole(text));
  });

  it('gives the count of the whole text on every @readme/oas-examples 3.0 JSON spec, twice (the second time from the memo)', () => {
    const count = chunkedCounter(whole);
    const files = readdirSync(examples).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(20);
    for (const round of [1, 2]) {
      for (const file of files) {
        const text = readFileSync(join(examples, file), 'utf8');
        const compact = JSON.stringify(JSON.parse(text));
        expect(count(text), `${file} (round ${round})`).toBe(whole(text));
        expect(count(compact), `${file} compact (round ${round})`).toBe(whole(compact));
      }
    }
  });

  it('withSpans counts the parts of a text as each counted alone (every @readme/oas-examples 3.0 JSON spec, many spans)', () => {
    const count = chunkedCounter(whole);
    const files = readdirSync(examples).filter((f) => f.endsWith('.json'));
    let seed = 5;
    const random = (n: number): number => Math.floor(((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000) * n);
    for (const file of files) {
      const text = JSON.stringify(JSON.parse(readFileSync(join(examples, file), 'utf8')));
      const spans: number[] = [0, text.length, 0, 0, text.length, text.length];
      for (let i = 0; i < 20; i++) {
        const from = random(text.length + 1);
        const to = Math.min(text.length, from + random(i < 10 ? 40 : 4000));
        spans.push(from, to);
      }
      const parts: number[] = [];
      expect(count.withSpans(text, spans, parts), file).toBe(whole(text));
      for (let i = 0; i < spans.length; i += 2) expect(parts[i / 2], `${file} [${spans[i]}, ${spans[i + 1]})`).toBe(whole(text.slice(spans[i], spans[i + 1])));
    }
  });

  it('counts special-token text as ordinary text', () => {
    expect(chunkedCounter(whole)('say <|endoftext|> now')).toBe(whole('say <|endoftext|> now'));
    expect(whole('<|endoftext|>')).toBeGreaterThan(1);
  });
});
