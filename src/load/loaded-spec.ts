import type { Diagnostic } from '../diagnostics.js';
import type { DocumentVersion } from './spec-version.js';

/** One parsed file of a (possibly multi-file) spec. */
export interface SpecFile {
  /** Absolute identity: a `file://` URL or the http(s) URL it was fetched from. */
  url: string;
  /** How diagnostics name it: the path relative to the working directory, or the URL. */
  display: string;
  /** The parsed JSON/YAML value. */
  document: unknown;
}

/** What `loadSpec` returns: every file the spec reaches, parsed, and nothing validated that need not be. */
export interface LoadedSpec {
  root: SpecFile;
  /**
   * The OpenAPI version of the root document (`swagger: "2.0"`, `openapi: 3.0.x`, `openapi: 3.1.x`),
   * or `manifest` for a JSON Schema tool manifest (see src/manifest/).
   */
  specVersion: DocumentVersion;
  /** Every file reached through `$ref`, keyed by `url` (the root included). */
  files: ReadonlyMap<string, SpecFile>;
  /**
   * sha256 over every reached file's bytes and URL (relative to the root, so the hash does not depend
   * on where the project sits), in URL order: changes exactly when an input changes.
   */
  hash: string;
  /** sha256 (hex) of each reached file's bytes, keyed by `url`; set by `loadSpec` (the manifest records them). */
  fileHashes?: ReadonlyMap<string, string>;
  /** Problems that still allow mapping (e.g. an external file that could not be read). */
  diagnostics: Diagnostic[];
}

/** The value a `$ref` points at, and where it lives (so nested refs resolve relative to that file). */
export interface ResolvedRef {
  file: SpecFile;
  /** JSON pointer inside `file`, `''` for the whole document. */
  pointer: string;
  value: unknown;
}
