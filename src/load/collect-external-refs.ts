import { toPointer } from '../diagnostics.js';

/** A `$ref` whose value names another file (it does not start with `#`). */
export interface ExternalRef {
  /** JSON pointer of the object holding the `$ref` (the Reference Object). */
  pointer: string;
  ref: string;
}

/**
 * Cheap text test: false when every `$ref` key in `text` is followed by a value starting with `#`,
 * so the document cannot reference another file and need not be walked. Conservative: anything
 * unusual after a `$ref:` (a value on the next line, an escape) counts as a possible external ref.
 */
export function mayHaveExternalRefs(text: string): boolean {
  for (let at = text.indexOf('$ref'); at !== -1; at = text.indexOf('$ref', at + 4)) {
    let i = at + 4;
    const quote = text[i];
    if (quote === '"' || quote === "'") i++;
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] !== ':') continue; // `$ref` inside some text, not a key
    i++;
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] === '"' || text[i] === "'") i++;
    if (text[i] !== '#') return true;
  }
  return false;
}

/**
 * Keys whose values are literal data, not OpenAPI/JSON Schema structure (`value` is an Example
 * Object's). A `$ref` that *is* such a value (`example: { $ref: examples.yml#/x }`, common in real
 * specs and resolved by the usual tools) is followed; one nested deeper inside the data (an example
 * payload that happens to contain a JSON Schema) is data, and must not make us read or fetch
 * anything. `examples` counts only as an array (JSON Schema); as a map it holds Example Objects.
 */
const LITERAL_KEYS = new Set(['example', 'default', 'enum', 'const', 'value']);

/**
 * Keys whose value is a map from user-chosen names to structure (`properties: { default: {…} }`,
 * `responses: { default: {…} }`): inside such a map, a name like `default` is not a literal key.
 */
const NAME_MAP_KEYS = new Set([
  'properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'responses', 'parameters',
  'schemas', 'examples', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks', 'pathItems',
  'webhooks', 'paths', 'content', 'encoding', 'securityDefinitions',
]);

interface Frame {
  node: object;
  key: string | undefined;
  parent: Frame | undefined;
}

/**
 * Every external `$ref` in a parsed document, in document order. Iterative (no stack overflow on
 * deep documents) and visits each object once (YAML aliases can share or even cycle nodes).
 */
export function collectExternalRefs(document: unknown): ExternalRef[] {
  const found: ExternalRef[] = [];
  if (document === null || typeof document !== 'object') return found;
  const seen = new Set<object>();
  const stack: Frame[] = [{ node: document, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { node } = frame;
    if (seen.has(node)) continue;
    seen.add(node);
    const children: Frame[] = [];
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const value: unknown = node[i];
        if (value !== null && typeof value === 'object') children.push({ node: value, key: String(i), parent: frame });
      }
    } else {
      const record = node as Record<string, unknown>;
      const ref = record.$ref;
      if (typeof ref === 'string' && !ref.startsWith('#')) found.push({ pointer: pointerOf(frame), ref });
      const inNameMap = frame.key !== undefined && NAME_MAP_KEYS.has(frame.key);
      for (const key of Object.keys(record)) {
        const value = record[key];
        if (value === null || typeof value !== 'object') continue;
        if (!inNameMap && (LITERAL_KEYS.has(key) || (key === 'examples' && Array.isArray(value)))) {
          const literalRef = Array.isArray(value) ? undefined : (value as Record<string, unknown>).$ref;
          if (typeof literalRef === 'string' && !literalRef.startsWith('#')) {
            found.push({ pointer: pointerOf({ node: value, key, parent: frame }), ref: literalRef });
          }
          continue;
        }
        children.push({ node: value, key, parent: frame });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
}

function pointerOf(frame: Frame): string {
  const segments: string[] = [];
  for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.parent) segments.push(f.key);
  return toPointer(segments.reverse());
}
