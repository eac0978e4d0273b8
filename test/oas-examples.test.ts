import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapSpec } from '../src/map-spec.js';
import { toolProblems } from './support/tool-validity.js';

const root = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));
const files = ['2.0', '3.0', '3.1'].flatMap((v) =>
  ['json', 'yaml'].flatMap((fmt) => {
    const dir = join(root, v, fmt);
    return readdirSync(dir).filter((f) => /\.(json|ya?ml)$/.test(f)).map((f) => join(v, fmt, f));
  }),
);

describe('every @readme/oas-examples spec maps to valid tools', () => {
  it('finds the example specs', () => expect(files.length).toBeGreaterThan(100));
  for (const file of files) {
    it(file, async () => {
      const { tools } = await mapSpec(join(root, file));
      const definitions = tools.tools.map((t) => t.definition);
      expect(toolProblems(definitions)).toEqual([]);
    });
  }
});
