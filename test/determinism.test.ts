import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toolsJson } from '../src/cli/tools-command.js';
import { mapSpec } from '../src/map-spec.js';

/** Deterministic shuffle (a small LCG), so a failure reproduces. */
function shuffleKeys(value: unknown, seed: { n: number }): unknown {
  if (Array.isArray(value)) return value.map((v) => shuffleKeys(v, seed));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i--) {
    seed.n = (seed.n * 1103515245 + 12345) % 2147483648;
    const j = seed.n % (i + 1);
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = shuffleKeys((value as Record<string, unknown>)[k], seed);
  return out;
}

const examples = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));
const specs = [
  'test/fixtures/specs/names.3.0.yaml',
  'test/fixtures/specs/locations.3.1.yaml',
  'test/fixtures/specs/petstore.2.0.yaml',
  'test/fixtures/specs/recursion.3.0.json',
  join(examples, '3.0/json/petstore-expanded.json'),
  join(examples, '3.1/json/readme.json'),
  join(examples, '3.0/json/star-trek.json'),
];

describe('determinism', () => {
  for (const spec of specs) {
    it(`${spec.replace(/^.*node_modules\//, '')}: same bytes twice, same tools with shuffled keys`, async () => {
      const first = toolsJson((await mapSpec(spec)).tools, 2);
      expect(toolsJson((await mapSpec(spec)).tools, 2)).toBe(first);
      const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-shuffle-'));
      const doc = parse(readFileSync(spec, 'utf8')) as unknown;
      for (const seed of [1, 7, 42]) {
        const file = join(dir, `spec-${seed}.json`);
        writeFileSync(file, JSON.stringify(shuffleKeys(doc, { n: seed })));
        const shuffled = JSON.parse(toolsJson((await mapSpec(file)).tools)) as { tools: unknown[] };
        const original = JSON.parse(first) as { tools: unknown[] };
        // Same tools in the same order with the same names; schemas equal up to key order.
        expect(shuffled.tools.map((t) => (t as { name: string }).name)).toEqual(original.tools.map((t) => (t as { name: string }).name));
        expect(shuffled).toEqual(original);
      }
    });
  }
});
