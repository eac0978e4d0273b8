/**
 * Recognising a tool manifest by its content, as OpenAPI is recognised by `openapi`/`swagger`: a
 * root object with a `toolManifest` field, whose value is the format version (`1`). The format is
 * described in docs/manifest.md and published as schemas/tool-manifest.schema.json.
 */
import { UserError } from '../diagnostics.js';

/** The field that marks a tool manifest, and the format versions this generator reads. */
export const MANIFEST_FIELD = 'toolManifest';
export const MANIFEST_VERSIONS: readonly string[] = ['1'];

export function isToolManifest(document: unknown): boolean {
  return typeof document === 'object' && document !== null && !Array.isArray(document) && Object.hasOwn(document, MANIFEST_FIELD);
}

/** Checks the format version; throws `UserError('<display>: …')` for one this generator does not read. */
export function checkManifestRoot(document: unknown, display: string): 'manifest' {
  const value = (document as Record<string, unknown>)[MANIFEST_FIELD];
  const version = typeof value === 'number' ? String(value) : value;
  if (typeof version !== 'string' || !MANIFEST_VERSIONS.includes(version)) {
    throw new UserError(`${display}: unsupported ${MANIFEST_FIELD} ${JSON.stringify(value)}; supported: ${MANIFEST_VERSIONS.join(', ')}`);
  }
  return 'manifest';
}
