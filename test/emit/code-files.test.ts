import { describe, expect, it } from 'vitest';
import { jsonLinesFile } from '../../src/emit/code-files.js';

describe('jsonLinesFile', () => {
  const cases: { name: string; elements: unknown[]; want: string }[] = [
    { name: 'no elements', elements: [], want: '[]\n' },
    { name: 'one element', elements: [{ a: 1 }], want: '[\n{"a":1}\n]\n' },
    { name: 'one element per line, non-ASCII among ASCII', elements: [{ a: 'x' }, { b: 'Grüße — 日本 🚀' }, [1, null]], want: '[\n{"a":"x"},\n{"b":"Grüße — 日本 🚀"},\n[1,null]\n]\n' },
  ];
  it.each(cases)('$name: the UTF-8 bytes of the JSON array text, and that text as contents', ({ elements, want }) => {
    const file = jsonLinesFile('data/x.json', elements.map((e) => JSON.stringify(e)));
    expect(Buffer.from(file.bytes!).equals(Buffer.from(want))).toBe(true);
    expect(file.contents).toBe(want);
    expect(JSON.parse(file.contents)).toEqual(elements);
    expect(file).toMatchObject({ path: 'data/x.json', owner: 'generator' });
  });
});
