/**
 * The o200k_base counter of the cost report (report/token-cost.ts `loadTokenCounter`), loaded
 * synchronously for the map stage, which decides on a token count (output-budget.ts) only for a
 * list small enough to be counted: the table built with the package (report/token-table.ts, a few
 * ms), else gpt-tokenizer's own CommonJS build. Same counts either way (test/report/token-table.test.ts).
 */
import { createRequire } from 'node:module';
import { chunkedCounter } from '../report/token-chunks.js';
import type { CountTokens } from '../report/token-cost.js';
import { loadTableCounter } from '../report/token-table.js';

export function loadTokenCounterSync(): CountTokens {
  const fromTable = loadTableCounter();
  if (fromTable !== undefined) return chunkedCounter(fromTable);
  const { countTokens } = createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: (text: string, options: object) => number };
  const ordinary = { disallowedSpecial: new Set<string>() };
  return chunkedCounter((text) => countTokens(text, ordinary));
}
