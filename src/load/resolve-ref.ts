import type { LoadedSpec, ResolvedRef } from './loaded-spec.js';

/** Splits `other.yaml#/a/b` into the URL of the file (resolved against `fromUrl`) and the pointer. */
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

/** Walks an RFC 6901 pointer. Returns `undefined` when any segment is missing. */
export function getAtPointer(document: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return pointer === '' ? document : (document as Record<string, unknown>)?.[''];
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Resolves `ref` as written in the file `fromUrl`. Follows chains of `$ref`-only objects
 * (`{ $ref }` pointing at another `{ $ref }`) so callers get the real target; a cycle of such
 * objects or a missing file/pointer gives `undefined`.
 */
export function resolveRef(spec: LoadedSpec, fromUrl: string, ref: string): ResolvedRef | undefined {
  const seen = new Set<string>();
  let { url, pointer } = splitRef(fromUrl, ref);
  for (;;) {
    const id = `${url}#${pointer}`;
    if (seen.has(id)) return undefined;
    seen.add(id);
    const file = spec.files.get(url);
    if (!file) return undefined;
    const value = getAtPointer(file.document, pointer);
    if (value === undefined) return undefined;
    const next = refOf(value);
    if (next === undefined || Object.keys(value as object).length > 1) return { file, pointer, value };
    ({ url, pointer } = splitRef(url, next));
  }
}

/** The `$ref` string of an object, if it has one. */
export function refOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const ref = (value as Record<string, unknown>).$ref;
  return typeof ref === 'string' ? ref : undefined;
}
