import type { DiagnosticBag, SourceLocation } from '../diagnostics.js';
import type { PatternChecks } from './pattern-checks.js';

/** What converting one OpenAPI schema to JSON Schema 2020-12 needs to know. */
export interface SchemaContext {
  version: '2.0' | '3.0' | '3.1';
  diagnostics: DiagnosticBag;
  /**
   * Registers the target of a `$ref` met at `at` (the ref is relative to `at.file`) and returns the
   * key under which the converted target lives in `ApiModel.defs`, or `undefined` when it cannot be
   * resolved (a warning has then been recorded and the caller substitutes a permissive schema).
   */
  refToDef(ref: string, at: SourceLocation): string | undefined;
  /**
   * Resolves a `$ref` that stands for something other than a schema: real specs write a whole
   * `properties` map as `{ "$ref": "attributes.yml#/x" }`. Returns the target and where it lives,
   * or `undefined` when it cannot be resolved (a warning has then been recorded). Optional: without
   * it such maps are dropped with a warning.
   */
  resolve?(ref: string, at: SourceLocation): { value: unknown; at: SourceLocation } | undefined;
  /**
   * The version rules for the schema at `at` when they vary by file (a tool manifest's schemas
   * each name their JSON Schema draft in `$schema`, see src/manifest/dialect.ts); default `version`.
   */
  versionAt?(at: SourceLocation): '2.0' | '3.0' | '3.1';
  /** The run's pattern checks, within one total of steps (pattern-checks.ts). */
  patterns: PatternChecks;
  /** Keywords otherwise dropped that this input keeps (a manifest keeps `$anchor`). */
  keep?: ReadonlySet<string>;
}
