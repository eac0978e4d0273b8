import { sha256Hex } from '../sha256.js';

/**
 * Options that do not shape the generated files: where the input and output are, the mode, progress
 * callbacks, `force` itself, the CLI's prefetched spec bytes, and `strict` and `validate`, which
 * only decide whether a run fails (a run with either is never skipped, see generate.ts; were they
 * hashed, a package generated with `--strict` would fail a `--check` without it, and the other way
 * round). Every other option counts, including ones added later (an option missing here costs a
 * regeneration now and then; one wrongly listed here would skip a needed one).
 */
export const OPTIONS_NOT_HASHED: ReadonlySet<string> = new Set(['input', 'output', 'cwd', 'mode', 'onStage', 'force', 'prefetched', 'strict', 'validate']);

/**
 * sha256 of the options that shape the output, as canonical JSON (keys sorted, `undefined` left out,
 * RegExps as `/source/flags`). `undefined` when an option cannot be captured (a function): such a
 * run is never skipped.
 */
export function hashOptions(options: object): string | undefined {
  const entries = Object.entries(options).filter(([key, value]) => !OPTIONS_NOT_HASHED.has(key) && value !== undefined);
  const text = canonical(Object.fromEntries(entries));
  return text === undefined ? undefined : sha256Hex(text);
}

function canonical(value: unknown): string | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : JSON.stringify(String(value));
  if (value instanceof RegExp) return JSON.stringify({ regexp: `/${value.source}/${value.flags}` });
  if (Array.isArray(value)) {
    const items = value.map(canonical);
    return items.includes(undefined) ? undefined : `[${items.join(',')}]`;
  }
  if (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null)) {
    const parts: string[] = [];
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      const text = canonical(item);
      if (text === undefined) return undefined;
      parts.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${parts.join(',')}}`;
  }
  return undefined;
}
