import { describe, expect, it } from 'vitest';
import { FIRST_PART, MAX_PART_TOOLS, MIN_PART_TOOLS, nameHash, partIdentifier, startsPart, toolParts } from '../../src/emit/tool-parts.js';

const names = (n: number, prefix = 't'): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const sizes = (list: readonly string[]): number[] => toolParts(list).map((p) => p.end - p.start);

describe('toolParts', () => {
  it('a fixed hash: FNV-1a with a finalizer (a changed hash would move every user\'s parts)', () => {
    expect([nameHash('a'), nameHash('repos_get')]).toEqual([444641715, 1829435251]);
  });

  it('covers every tool in order; no tools: one empty first part', () => {
    expect(toolParts([])).toEqual([{ name: FIRST_PART, start: 0, end: 0 }]);
    const parts = toolParts(names(5000));
    expect(parts[0]!.start).toBe(0);
    expect(parts.at(-1)!.end).toBe(5000);
    for (let i = 1; i < parts.length; i++) expect(parts[i]!.start).toBe(parts[i - 1]!.end);
  });

  it('parts hold MIN_PART_TOOLS to MAX_PART_TOOLS tools (but the last), about 100 on average', () => {
    const all = sizes(names(5000));
    for (const size of all.slice(0, -1)) {
      expect(size).toBeGreaterThanOrEqual(MIN_PART_TOOLS);
      expect(size).toBeLessThanOrEqual(MAX_PART_TOOLS);
    }
    expect(5000 / all.length).toBeGreaterThan(70);
    expect(5000 / all.length).toBeLessThan(130);
  });

  it('a part starts at a tool whose name is a boundary, or after MAX_PART_TOOLS tools', () => {
    const list = names(3000);
    for (const part of toolParts(list).slice(1)) {
      const previous = toolParts(list).find((p) => p.end === part.start)!;
      expect(startsPart(list[part.start]!) || previous.end - previous.start === MAX_PART_TOOLS).toBe(true);
    }
    // No boundary names at all: cut every MAX_PART_TOOLS tools.
    const plain = names(2000).filter((n) => !startsPart(n)).slice(0, 700);
    expect(sizes(plain)).toEqual([MAX_PART_TOOLS, MAX_PART_TOOLS, 700 - 2 * MAX_PART_TOOLS]);
  });

  it('a tool added or removed moves no boundary but its own part', () => {
    const list = names(3000);
    const before = toolParts(list);
    const starts = (parts: typeof before, list: readonly string[]): string[] => parts.map((p) => `${p.name}:${list[p.start]}`);
    const i = before[5]!.start + 30;
    const added = [...list.slice(0, i), 'new_tool', ...list.slice(i)];
    expect(startsPart('new_tool')).toBe(false);
    expect(starts(toolParts(added), added)).toEqual(starts(before, list));
    const removed = list.filter((_, j) => j !== i);
    expect(starts(toolParts(removed), removed)).toEqual(starts(before, list));
  });

  it('names: part-<first tool>, lower case, a-z 0-9 and -, short, distinct without regard to case', () => {
    const plain = names(2000).filter((n) => !startsPart(n)).slice(0, 6 * MAX_PART_TOOLS);
    // Parts forced at every MAX_PART_TOOLS tools start with these names.
    const firsts = ['Get_Thing', 'get-thing', 'a/very:long name with.many words that goes on and on', 'ÄÖÜ', 'x'.repeat(60)];
    firsts.forEach((name, k) => (plain[(k + 1) * MAX_PART_TOOLS] = name));
    const parts = toolParts(plain).map((p) => p.name);
    expect(parts).toEqual([FIRST_PART, 'part-get-thing', 'part-get-thing-2', 'part-a-very-long-name-with-many-words-that', 'part-tool', `part-${'x'.repeat(40)}`]);
    for (const name of parts) expect(name).toMatch(/^part-[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(parts.map(partIdentifier)).toEqual(parts.map((p) => p.replaceAll('-', '_')));
  });
});
