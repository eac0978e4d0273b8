import type { LoadedSpec, ResolvedRef } from './loaded-spec.js';

/**
 * Splits `other.yaml#/a/b` into the URL of the file (resolved against `fromUrl`) and the pointer.
 * Throws a `TypeError` when the file part cannot form a URL (`http://[`); `resolveRef` does not.
 */
export function splitRef(fromUrl: string, ref: string): { url: string; pointer: string } {
  const hash = ref.indexOf('#');
  const filePart = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? '' : ref.slice(hash + 1);
  const url = filePart === '' ? fromUrl : new URL(filePart, fromUrl).href;
  return { url, pointer: decodeFragment(fragment) };
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/**
 * Walks an RFC 6901 pointer. Returns `undefined` when any segment is missing. Array segments must
 * be indices (`/items/length` is not the array's length), object segments own keys.
 */
export function getAtPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.includes('~') ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw;
    if (node === null || typeof node !== 'object') return undefined;
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(key) || Number(key) >= node.length) return undefined;
    } else if (!Object.prototype.hasOwnProperty.call(node, key)) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Longest chain of `$ref`-only objects followed. Real specs alias an alias or two; a spec of
 * thousands of components each aliasing the next made resolving all of them quadratic (5,000: 56 s).
 */
export const MAX_REF_CHAIN = 64;

/**
 * Resolves `ref` as written in the file `fromUrl`. Follows chains of `$ref`-only objects
 * (`{ $ref }` pointing at another `{ $ref }`) so callers get the real target; a cycle of such
 * objects, a chain longer than {@link MAX_REF_CHAIN} or a missing file/pointer gives `undefined`.
 */
export function resolveRef(spec: LoadedSpec, fromUrl: string, ref: string): ResolvedRef | undefined {
  const seen = new Set<string>();
  let target = trySplitRef(fromUrl, ref);
  for (;;) {
    if (target === undefined || seen.size > MAX_REF_CHAIN) return undefined;
    const { url, pointer } = target;
    const id = `${url}#${pointer}`;
    if (seen.has(id)) return undefined;
    seen.add(id);
    const file = spec.files.get(url);
    if (!file) return undefined;
    const value = getAtPointer(file.document, pointer);
    if (value === undefined) return undefined;
    const next = refOf(value);
    if (next === undefined || Object.keys(value as object).length > 1) return { file, pointer, value };
    target = trySplitRef(url, next);
  }
}

function trySplitRef(fromUrl: string, ref: string): { url: string; pointer: string } | undefined {
  try {
    return splitRef(fromUrl, ref);
  } catch {
    return undefined;
  }
}

/** The `$ref` string of an object, if it has one. */
export function refOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const ref = (value as Record<string, unknown>).$ref;
  return typeof ref === 'string' ? ref : undefined;
}
