/**
 * Which JSON Schema draft each schema of a manifest is written in, for the normalizer's
 * `versionAt` (see dialect.ts): a tool's inline `input`/`output` may name its own `$schema`; any
 * other schema follows the `$schema` at the root of its file, and for the manifest itself (and for
 * files without one) the manifest's `jsonSchemaDialect` (default 2020-12). An unknown `$schema`
 * is an error at that `$schema`.
 */
import type { DiagnosticBag, SourceLocation } from '../diagnostics.js';
import type { LoadedSpec } from '../load/loaded-spec.js';
import { getAtPointer } from '../load/resolve-ref.js';
import { dialectOf, normalizerMode, SUPPORTED_DIALECTS_TEXT, type Dialect } from './dialect.js';
import { MANIFEST_ERROR, type Manifest } from './read-manifest.js';

export interface SchemaDialects {
  versionAt(at: SourceLocation): '3.0' | '3.1';
}

export function schemaDialects(spec: LoadedSpec, manifest: Manifest, diagnostics: DiagnosticBag): SchemaDialects {
  const byFile = new Map<string, Dialect>();
  /** Inline tool schemas with their own `$schema`: file → [pointer, dialect], longest pointer first. */
  const subtrees = new Map<string, { pointer: string; dialect: Dialect }[]>();
  const named = (value: unknown, at: SourceLocation): Dialect | undefined => {
    if (value === undefined) return undefined;
    const dialect = typeof value === 'string' ? dialectOf(value) : undefined;
    if (dialect === undefined) diagnostics.error(MANIFEST_ERROR, `unsupported $schema ${JSON.stringify(value)}; use ${SUPPORTED_DIALECTS_TEXT}`, { file: at.file, pointer: `${at.pointer}/$schema` });
    return dialect;
  };
  for (const file of spec.files.values()) {
    if (file.url === spec.root.url) continue;
    const doc = file.document;
    const own = typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? named((doc as Record<string, unknown>).$schema, { file: file.url, pointer: '' }) : undefined;
    byFile.set(file.url, own ?? manifest.dialect);
  }
  byFile.set(spec.root.url, manifest.dialect);
  for (const tool of manifest.tools) {
    for (const at of [tool.input, tool.output]) {
      if (at === undefined) continue;
      const node = getAtPointer(spec.root.document, at.pointer) as Record<string, unknown> | undefined;
      const dialect = named(node?.$schema, at);
      if (dialect === undefined) continue;
      const list = subtrees.get(at.file) ?? [];
      list.push({ pointer: at.pointer, dialect });
      list.sort((a, b) => b.pointer.length - a.pointer.length);
      subtrees.set(at.file, list);
    }
  }
  return {
    versionAt(at) {
      const inline = subtrees.get(at.file)?.find((s) => at.pointer === s.pointer || at.pointer.startsWith(`${s.pointer}/`));
      return normalizerMode(inline?.dialect ?? byFile.get(at.file) ?? manifest.dialect);
    },
  };
}
