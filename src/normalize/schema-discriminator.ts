/**
 * OpenAPI `discriminator` (3.0/3.1 §4.8.25) → JSON Schema. The keyword itself is dropped, but the
 * choice it makes is kept: each `oneOf`/`anyOf` branch that is a `$ref` gets its discriminator
 * value(s) as `properties: { <propertyName>: { enum: [...] } }` (required only where the spec says so).
 * Without that, a value that fits several branches (a Cat is also a valid Dog when the branches
 * only differ in optional properties) matches none of a `oneOf`, and the model is never told which
 * value selects which shape. Values come from `mapping`, else the schema's name (implicit mapping).
 * Only a branch that declares the property with its value left open is changed (see leavesOpen).
 */
import type { SourceLocation } from '../diagnostics.js';
import { isSchemaObject, type JsonSchemaObject } from '../model/json-schema.js';
import type { SchemaContext } from './schema-context.js';

const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;

export function applyDiscriminator(out: JsonSchemaObject, source: JsonSchemaObject, ctx: SchemaContext, at: SourceLocation): void {
  const discriminator = source.discriminator;
  if (ctx.version === '2.0' || !isSchemaObject(discriminator) || typeof discriminator.propertyName !== 'string' || ctx.resolve === undefined) return;
  const property = discriminator.propertyName;
  const mappingAt = { file: at.file, pointer: `${at.pointer}/discriminator/mapping` };
  const valuesByKey = new Map<string, string[]>();
  if (isSchemaObject(discriminator.mapping)) {
    for (const [value, target] of Object.entries(discriminator.mapping)) {
      if (typeof target !== 'string') continue;
      const key = ctx.refToDef(target.includes('/') ? target : `#/components/schemas/${target}`, mappingAt);
      if (key !== undefined) valuesByKey.set(key, [...(valuesByKey.get(key) ?? []), value]);
    }
  }
  for (const keyword of ['oneOf', 'anyOf']) {
    const raw = source[keyword];
    const converted = out[keyword];
    if (!Array.isArray(raw) || !Array.isArray(converted) || raw.length !== converted.length) continue;
    out[keyword] = converted.map((branch, i) => {
      const member = raw[i];
      if (!isSchemaObject(branch) || !isSchemaObject(member) || typeof member.$ref !== 'string' || typeof branch.$ref !== 'string') return branch;
      if (branch.properties !== undefined || branch.required !== undefined) return branch;
      const key = branch.$ref.slice('#/$defs/'.length);
      const implicit = COMPONENT_REF.exec(member.$ref)?.[1];
      const values = valuesByKey.get(key) ?? (implicit !== undefined ? [decodeURIComponent(implicit).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined);
      if (values === undefined || !leavesOpen(member.$ref, property, ctx, at)) return branch;
      return { ...branch, properties: { [property]: { enum: values } } };
    });
  }
}

/**
 * True when the branch declares the property (itself or through `allOf`) as a plain schema that
 * leaves its value open, and does not branch further (`oneOf`/`anyOf`) itself: only then can the
 * value be pinned without contradicting what the spec wrote. Anything else is left alone.
 */
function leavesOpen(ref: string, property: string, ctx: SchemaContext, at: SourceLocation): boolean {
  const seen = new Set<unknown>();
  let found = false;
  let open = true;
  const visit = (node: unknown, nodeAt: SourceLocation, depth: number): void => {
    if (!isSchemaObject(node) || seen.has(node) || depth > 5) return;
    seen.add(node);
    if (typeof node.$ref === 'string') {
      const target = ctx.resolve!(node.$ref, nodeAt);
      if (target !== undefined) visit(target.value, target.at, depth + 1);
      return;
    }
    if (node.oneOf !== undefined || node.anyOf !== undefined) open = false;
    const props = node.properties;
    if (isSchemaObject(props) && Object.hasOwn(props, property)) {
      found = true;
      let p: unknown = props[property];
      if (isSchemaObject(p) && typeof p.$ref === 'string') p = ctx.resolve!(p.$ref, nodeAt)?.value;
      if (!isSchemaObject(p) || FIXING.some((k) => p[k] !== undefined)) open = false;
    }
    if (Array.isArray(node.allOf)) for (const m of node.allOf) visit(m, nodeAt, depth + 1);
  };
  visit({ $ref: ref }, at, 0);
  return found && open;
}

/** Keywords with which a property schema already restricts or branches its values. */
const FIXING = ['enum', 'const', 'oneOf', 'anyOf', 'allOf', 'not', '$ref'];
