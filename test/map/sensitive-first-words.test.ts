import { describe, expect, it } from 'vitest';
import { wordFinder } from '../../src/map/sensitive-first-words.js';

describe('wordFinder', () => {
  const words = ['key', 'api', 'pass', 'password', 'pin', 'key', 'e', 'ip'];
  const finder = wordFinder(words);
  const byIncludes = (text: string): number[] => words.flatMap((w, i) => (text.includes(w) ? [i] : []));

  it('finds each word occurring anywhere in the text, overlapping ones too, ascending and once', () => {
    expect(finder.occurring('x api key')).toEqual([0, 1, 5, 6]);
    expect(finder.occurring('passwords')).toEqual([2, 3]);
    expect(finder.occurring('shipping')).toEqual([4, 7]);
    expect(finder.occurring('')).toEqual([]);
    expect(finder.occurring('zzz')).toEqual([]);
  });

  it('agrees with includes on every text of a small alphabet', () => {
    const alphabet = ['k', 'e', 'y', 'p', 'a', 'i', 's', ' '];
    const texts = [''];
    for (let length = 1; length <= 5; length++) {
      for (const text of texts.filter((t) => t.length === length - 1)) for (const c of alphabet) texts.push(text + c);
    }
    for (const text of texts) expect(finder.occurring(text), text).toEqual(byIncludes(text));
  });
});
