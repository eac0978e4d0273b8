/**
 * The `ref-unresolved` warning: which `$ref` did not resolve, why, what to change and what the
 * generated tool does instead, in one line. Most broken refs are typos, so the line names the first
 * segment that is not there, where it was looked for and the names close to it:
 * `cannot resolve parameter reference "#/components/parameters/Limt": no "Limt" in
 * #/components/parameters (close matches: Limit); the parameter is left out`.
 */
import type { LoadedSpec } from '../load/loaded-spec.js';
import { getAtPointer, MAX_REF_CHAIN, refOf, splitRef } from '../load/resolve-ref.js';
import { closeMatches } from '../shared/close-matches.gen.js';

/** What the run does without the target, by what the `$ref` stood for. */
const INSTEAD: Readonly<Record<string, string>> = {
  'path item': 'the path is left out',
  operation: 'the operation is left out',
  parameter: 'the parameter is left out',
  'request body': 'the tool sends no body',
  response: 'the response is left out',
  'security scheme': 'the scheme is left out',
  schema: 'any value is accepted there',
};

/**
 * The warning's message for `ref` (of a `what`: parameter, schema, …) written in the file `fromUrl`.
 * `consequence: false` leaves out what the run does instead (a tool manifest fails on it).
 */
export function unresolvedRefMessage(spec: LoadedSpec, fromUrl: string, ref: string, what: string, consequence = true): string {
  const why = unresolvedReason(spec, fromUrl, ref);
  const instead = consequence ? INSTEAD[what] : undefined;
  return `cannot resolve ${what} reference "${ref}"${why !== undefined ? `: ${why}` : ''}${instead !== undefined ? `; ${instead}` : ''}`;
}

/**
 * Why `ref` does not resolve, or `undefined` when its file was never read (a `ref-file-unreadable`
 * or `ref-file-refused` warning already says why) or it is not a URL reference at all.
 */
export function unresolvedReason(spec: LoadedSpec, fromUrl: string, ref: string): string | undefined {
  const seen = new Set<string>();
  let current = ref;
  let base = fromUrl;
  for (;;) {
    let target: { url: string; pointer: string };
    try {
      target = splitRef(base, current);
    } catch {
      return undefined;
    }
    const file = spec.files.get(target.url);
    if (file === undefined) return undefined;
    const id = `${target.url}#${target.pointer}`;
    if (seen.has(id)) return 'its $refs form a cycle';
    seen.add(id);
    if (seen.size > MAX_REF_CHAIN) return `a chain of more than ${MAX_REF_CHAIN} $refs`;
    const hash = current.indexOf('#');
    const missing = firstMissing(file.document, target.pointer, hash === -1 ? current : current.slice(0, hash));
    if (missing !== undefined) return seen.size === 1 ? missing : `it leads to "${current}": ${missing}`;
    const value = getAtPointer(file.document, target.pointer);
    const next = refOf(value);
    if (next === undefined) return undefined; // resolves after all
    current = next;
    base = target.url;
  }
}

/** The first segment of `pointer` that `document` lacks, described (`no "X" in #/a/b (close matches: …)`). */
function firstMissing(document: unknown, pointer: string, filePart: string): string | undefined {
  if (pointer === '') return undefined;
  if (!pointer.startsWith('/')) return `"#${pointer}" is not a JSON pointer (it must start with "/")`;
  const segments = pointer.slice(1).split('/');
  let node = document;
  for (let i = 0; i < segments.length; i++) {
    const raw = segments[i]!;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const where = i === 0 ? `the top of ${filePart === '' ? 'this file' : filePart}` : `${filePart}#/${segments.slice(0, i).join('/')}`;
    if (node === null || typeof node !== 'object') return `${where} is not an object`;
    if (Array.isArray(node)) {
      if (/^(0|[1-9][0-9]*)$/.test(key) && Number(key) < node.length) {
        node = node[Number(key)];
        continue;
      }
      return `no item ${JSON.stringify(key)} in ${where} (${node.length} items)`;
    }
    if (!Object.prototype.hasOwnProperty.call(node, key)) {
      const names = Object.keys(node);
      // Only names that start alike: closeMatches allows two edits in a short name (`nope` → `type`).
      const close = closeMatches(key, names).filter((name) => name.slice(0, 1).toLowerCase() === key.slice(0, 1).toLowerCase());
      const hint = close.length > 0 ? ` (close matches: ${close.join(', ')})` : names.length === 0 ? ' (it is empty)' : '';
      return `no ${JSON.stringify(key)} ${i === 0 ? 'at' : 'in'} ${where}${hint}`;
    }
    node = (node as Record<string, unknown>)[key];
  }
  return undefined;
}
