/**
 * JSON Schema dialects a tool manifest may use, by `$schema` (default 2020-12), and how the
 * normalizer (src/normalize/schema.ts) treats each: drafts 04, 06 and 07 ignore the siblings of a
 * `$ref` (as OpenAPI 3.0 does, mode `3.0`), 2019-09 and 2020-12 keep them (mode `3.1`). Everything
 * else the normalizer rewrites for every version: draft-04 boolean `exclusiveMinimum`, tuple `items`
 * → `prefixItems`, `dependencies` → `dependentRequired`/`dependentSchemas`, `definitions` reached
 * by pointer like `$defs`.
 */
export type Dialect = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

export const DEFAULT_DIALECT: Dialect = '2020-12';
/** What every schema a manifest yields is, after normalization. */
export const DIALECT_2020_12_URI = 'https://json-schema.org/draft/2020-12/schema';

const BY_URI: ReadonlyMap<string, Dialect> = new Map([
  ['json-schema.org/draft-04/schema', 'draft-04'],
  ['json-schema.org/draft-06/schema', 'draft-06'],
  ['json-schema.org/draft-07/schema', 'draft-07'],
  ['json-schema.org/draft/2019-09/schema', '2019-09'],
  ['json-schema.org/draft/2020-12/schema', '2020-12'],
]);

/** The dialect a `$schema` URI names (http or https, with or without a trailing `#`), or undefined. */
export function dialectOf(uri: string): Dialect | undefined {
  const m = /^https?:\/\/(.*?)#?$/.exec(uri.trim());
  return m === null ? undefined : BY_URI.get(m[1]!);
}

export const SUPPORTED_DIALECTS_TEXT = 'draft-04, draft-06, draft-07, 2019-09 or 2020-12 (https://json-schema.org/draft/2020-12/schema)';

/** The normalizer mode of a dialect. */
export function normalizerMode(dialect: Dialect): '3.0' | '3.1' {
  return dialect === '2019-09' || dialect === '2020-12' ? '3.1' : '3.0';
}
