/**
 * `required` names a schema cannot satisfy. A spec typo (`required: [nmae]`) next to
 * `additionalProperties: false` makes a schema no value matches: the property is required, yet
 * nothing may carry it. A tool nobody can call is worse than a slightly looser one, so such a
 * name stops being required, with a warning. Where the property may still be sent (open
 * `additionalProperties`, or a matching `patternProperties`), `required` stays as written.
 */
import { childPointer, type DiagnosticBag, type SourceLocation } from '../diagnostics.js';
import { isSchemaObject, type JsonSchemaObject } from '../model/json-schema.js';

export function dropForbiddenRequired(out: JsonSchemaObject, diagnostics: DiagnosticBag, at: SourceLocation): void {
  if (out.additionalProperties !== false || !Array.isArray(out.required)) return;
  const properties = isSchemaObject(out.properties) ? out.properties : {};
  const patterns = isSchemaObject(out.patternProperties) ? Object.keys(out.patternProperties).map((p) => new RegExp(p, 'u')) : [];
  const kept: string[] = [];
  for (const name of out.required as string[]) {
    if (Object.hasOwn(properties, name) || patterns.some((p) => p.test(name))) {
      kept.push(name);
      continue;
    }
    diagnostics.warn(
      'schema-required-undefined',
      `"required" names ${JSON.stringify(name)}, which "properties" does not define and "additionalProperties: false" forbids; not required`,
      { file: at.file, pointer: childPointer(at.pointer, 'required') },
    );
  }
  if (kept.length === out.required.length) return;
  if (kept.length > 0) out.required = kept;
  else delete out.required;
}
