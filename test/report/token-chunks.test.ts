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

  it('counts special-token text as ordinary text', () => {
    expect(chunkedCounter(whole)('say <|endoftext|> now')).toBe(whole('say <|endoftext|> now'));
    expect(whole('<|endoftext|>')).toBeGreaterThan(1);
  });
});
