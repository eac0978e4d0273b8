import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { DiagnosticBag, type Diagnostic, type SourceLocation } from '../../src/diagnostics.js';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { patternChecks } from '../../src/normalize/pattern-checks.js';
import { convertSchema } from '../../src/normalize/schema.js';
import type { SchemaContext } from '../../src/normalize/schema-context.js';

export const FILE = 'file:///api/root.yaml';
export const AT: SourceLocation = { file: FILE, pointer: '/components/schemas/Thing' };

/** Maps named by `resolve` in the stub context (`#/maps/<name>`). */
const MAPS: Record<string, unknown> = {
  ids: { droplet_ids: { type: 'array', items: { type: 'integer' }, example: [1, 2] } },
  notAMap: 'nope',
};

/**
 * A SchemaContext without a registry: `#/components/schemas/X` is def `X`, anything else is
 * unresolvable (with the registry's warning).
 */
export function stubContext(version: SchemaContext['version']): SchemaContext {
  const diagnostics = new DiagnosticBag();
  return {
    version,
    diagnostics,
    patterns: patternChecks(),
    refToDef(ref, at) {
      const m = /^#\/components\/schemas\/([A-Za-z0-9_.-]+)$/.exec(ref);
      if (m) return m[1];
      diagnostics.warn('ref-unresolved', `cannot resolve schema reference "${ref}"`, at);
      return undefined;
    },
    resolve(ref, at) {
      const m = /^#\/maps\/(\w+)$/.exec(ref);
      if (m && MAPS[m[1]!] !== undefined) return { value: MAPS[m[1]!], at: { file: FILE, pointer: `/maps/${m[1]}` } };
      diagnostics.warn('ref-unresolved', `cannot resolve schema map reference "${ref}"`, at);
      return undefined;
    },
  };
}

export interface ConvertCase {
  name: string;
  version?: SchemaContext['version'];
  given: unknown;
  want: JsonSchema;
  /** Exact diagnostics; none when absent. */
  diagnostics?: Diagnostic[];
}

export function runConvertCase({ version = '3.0', given, want, diagnostics = [] }: ConvertCase): void {
  const ctx = stubContext(version);
  const out = convertSchema(deepFreeze(structuredClone(given)), ctx, AT);
  expect(out).toEqual(want);
  expect(ctx.diagnostics.items).toEqual(diagnostics);
  expectCompiles(out);
}

/** Compiles with Ajv's 2020-12 dialect (schema validated against the meta-schema), every `#/$defs/X` stubbed. */
export function expectCompiles(schema: JsonSchema, defs: Record<string, JsonSchema> = stubDefsFor(schema)): void {
  const ajv = new Ajv2020({ strictSchema: false, strictTypes: false, strictTuples: false, validateFormats: false });
  const wrapper = typeof schema === 'boolean' ? { $defs: defs, allOf: [schema] } : { ...schema, $defs: { ...defs, ...(schema.$defs as object) } };
  expect(() => ajv.compile(wrapper)).not.toThrow();
}

function stubDefsFor(schema: JsonSchema): Record<string, JsonSchema> {
  const defs: Record<string, JsonSchema> = {};
  for (const m of JSON.stringify(schema).matchAll(/"#\/\$defs\/([^"]+)"/g)) defs[m[1]!] = { type: 'object' };
  return defs;
}

export function warning(code: string, message: string, pointer: string): Diagnostic {
  return { severity: 'warning', code, message, file: FILE, pointer };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
