/**
 * The shared-schema table behind `ApiModel.defs`: every schema `$ref` target, converted once and
 * referenced as `#/$defs/<key>`.
 *
 * A target's identity is its resolved file URL + JSON pointer. On first sight it gets a key and a
 * placeholder, and is queued for conversion; references met while converting it (itself included)
 * find the key already assigned, so recursive schemas terminate and stay recursive. Conversion runs
 * from a work queue rather than recursively, so long `$ref` chains cannot overflow the stack.
 *
 * Keys:
 * - Root-file components (`#/components/schemas/X`, Swagger 2.0 `#/definitions/X`, a tool manifest's `#/$defs/X`) always get their
 *   plain name `X` (sanitized to `[A-Za-z0-9_.-]`). These names are reserved up front, so no key
 *   depends on the order in which `$ref`s are met. A component that is only `{ $ref }` is an alias:
 *   its name goes to its final target, unless that target has a name of its own.
 * - Other targets take the last pointer segment (for a whole file, its file name without extension),
 *   sanitized; on a clash with a different target, `_2`, `_3`, … is appended.
 */
import { toPointer, type DiagnosticBag, type SourceLocation } from '../diagnostics.js';
import type { DocumentVersion } from '../load/spec-version.js';
import { isSchemaObject, type JsonSchema } from '../model/json-schema.js';
import type { LoadedSpec, ResolvedRef } from '../load/loaded-spec.js';
import { getAtPointer, refOf, resolveRef } from '../load/resolve-ref.js';
import { defKeyBase, sanitizeDefKey } from './def-key.js';
import { patternChecks } from './pattern-checks.js';
import { convertSchema } from './schema.js';
import type { SchemaContext } from './schema-context.js';
import { setOwn } from './set-own.js';
import { unresolvedRefMessage } from './unresolved-ref.js';

export interface DefRegistry {
  /** Pass to `convertSchema`; its `refToDef` fills `defs`. */
  ctx: SchemaContext;
  /** Key → converted target, for every target referenced so far (in order of first reference). */
  defs: Record<string, JsonSchema>;
}

export function createDefRegistry(
  spec: LoadedSpec,
  diagnostics: DiagnosticBag,
  version: DocumentVersion,
  rules: Pick<SchemaContext, 'versionAt' | 'keep'> = {},
): DefRegistry {
  const defs: Record<string, JsonSchema> = {};
  const keyByTarget = new Map<string, string>();
  /**
   * File → ref text → key: the same ref text in the same file resolves once (GitHub: ~40k refs).
   * Two levels, not one joined key: building and hashing a joined string per ref cost more than the rest.
   */
  const keyByRef = new Map<string, Map<string, string>>();
  const usedKeys = new Set<string>();
  /** Next suffix to try per base name, so many clashes on one base stay linear. */
  const nextSuffix = new Map<string, number>();
  const queue: { key: string; target: ResolvedRef }[] = [];
  let draining = false;

  const ctx: SchemaContext = { version: version === 'manifest' ? '3.1' : version, diagnostics, refToDef, resolve, patterns: patternChecks(), ...rules };
  reserveRootComponents();
  return { ctx, defs };

  function refToDef(ref: string, at: SourceLocation): string | undefined {
    let inFile = keyByRef.get(at.file);
    if (inFile === undefined) {
      inFile = new Map();
      keyByRef.set(at.file, inFile);
    }
    const seen = inFile.get(ref);
    if (seen !== undefined) return seen;
    const target = resolveOrWarn(ref, at, 'schema');
    if (target === undefined) return undefined;
    const id = targetId(target.file.url, target.pointer);
    const known = keyByTarget.get(id);
    if (known !== undefined && Object.hasOwn(defs, known)) {
      inFile.set(ref, known);
      return known;
    }
    const key = known ?? claim(id, defKeyBase(target.file.url, target.pointer));
    setOwn(defs, key, {}); // placeholder until the queue reaches it
    inFile.set(ref, key);
    queue.push({ key, target });
    drain();
    return key;
  }

  function resolve(ref: string, at: SourceLocation): { value: unknown; at: SourceLocation } | undefined {
    const target = resolveOrWarn(ref, at, 'schema map');
    return target && { value: target.value, at: { file: target.file.url, pointer: target.pointer } };
  }

  function resolveOrWarn(ref: string, at: SourceLocation, what: string): ResolvedRef | undefined {
    const target = tryResolve(at.file, ref);
    if (target === undefined) diagnostics.warn('ref-unresolved', unresolvedRefMessage(spec, at.file, ref, what, version !== 'manifest'), at);
    return target;
  }

  function drain(): void {
    if (draining) return;
    draining = true;
    try {
      for (let i = 0; i < queue.length; i++) {
        const { key, target } = queue[i]!;
        setOwn(defs, key, convertSchema(target.value, ctx, { file: target.file.url, pointer: target.pointer }));
      }
    } finally {
      queue.length = 0;
      draining = false;
    }
  }

  function tryResolve(fromUrl: string, ref: string): ResolvedRef | undefined {
    try {
      return resolveRef(spec, fromUrl, ref);
    } catch {
      return undefined; // a ref that is not even a valid URL reference
    }
  }

  function claim(id: string, base: string): string {
    let key = base;
    let n = nextSuffix.get(base) ?? 2;
    while (usedKeys.has(key)) key = `${base}_${n++}`;
    nextSuffix.set(base, n);
    usedKeys.add(key);
    keyByTarget.set(id, key);
    return key;
  }

  function reserveRootComponents(): void {
    const container = version === '2.0' ? ['definitions'] : version === 'manifest' ? ['$defs'] : ['components', 'schemas'];
    const components = getAtPointer(spec.root.document, toPointer(container));
    if (!isSchemaObject(components)) return;
    const rootUrl = spec.root.url;
    const names = Object.keys(components).sort();
    const isAlias = (name: string): boolean => {
      const value = components[name];
      return refOf(value) !== undefined && Object.keys(value as object).length === 1;
    };
    const clean = names.filter((name) => !isAlias(name) && sanitizeDefKey(name) === name);
    const dirty = names.filter((name) => !isAlias(name) && sanitizeDefKey(name) !== name);
    for (const name of [...clean, ...dirty]) claim(targetId(rootUrl, toPointer([...container, name])), sanitizeDefKey(name));
    for (const name of names.filter(isAlias)) {
      const target = tryResolve(rootUrl, refOf(components[name])!);
      if (target === undefined) continue; // reported if anything references it
      const id = targetId(target.file.url, target.pointer);
      const key = sanitizeDefKey(name);
      if (!keyByTarget.has(id) && !usedKeys.has(key)) claim(id, key);
    }
  }
}

function targetId(url: string, pointer: string): string {
  return `${url}#${pointer}`;
}
