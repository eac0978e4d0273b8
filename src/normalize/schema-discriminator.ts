/**
 * OpenAPI `discriminator` (3.0/3.1 §4.8.25) → JSON Schema. The keyword itself is dropped, but the
 * choice it makes is kept: each `oneOf`/`anyOf` branch that is a `$ref` gets its discriminator
 * value(s) as `properties: { <propertyName>: { enum: [...] } }` (required only where the spec says so).
 * Without that, a value that fits several branches (a Cat is also a valid Dog when the branches
 * only differ in optional properties) matches none of a `oneOf`, and the model is never told which
 * value selects which shape. Values come from `mapping`, else the schema's name (implicit mapping).
 * Only a branch that declares the property and admits those values is changed (see admits).
 */
import type { SourceLocation } from '../diagnostics.js';
import { isSchemaObject, type JsonSchemaObject } from '../model/json-schema.js';
import type { SchemaContext } from './schema-context.js';

const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;

export function applyDiscriminator(out: JsonSchemaObject, source: JsonSchemaObject, ctx: SchemaContext, at: SourceLocation): void {
  if (ctx.version === '2.0' || ctx.resolve === undefined || (source.oneOf === undefined && source.anyOf === undefined)) return;
  const own = isSchemaObject(source.discriminator) ? { discriminator: source.discriminator, at } : inheritedDiscriminator(source, ctx, at);
  if (own === undefined) return;
  const discriminator = own.discriminator;
  if (typeof discriminator.propertyName !== 'string') return;
  const property = discriminator.propertyName;
  const mappingAt = { file: own.at.file, pointer: `${own.at.pointer}/discriminator/mapping` };
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
      if (values === undefined || !admits(member.$ref, source, property, values, ctx, at)) return branch;
      return { ...branch, properties: { [property]: { enum: values } } };
    });
  }
}

/**
 * The discriminator the branches inherit: OpenAPI's other placement puts it on a base schema
 * every branch extends through `allOf` (`Cat: allOf: [Pet, …]`, `Pet.discriminator`).
 */
function inheritedDiscriminator(source: JsonSchemaObject, ctx: SchemaContext, at: SourceLocation): { discriminator: JsonSchemaObject; at: SourceLocation } | undefined {
  for (const keyword of ['oneOf', 'anyOf']) {
    const list = source[keyword];
    if (!Array.isArray(list)) continue;
    for (const member of list) {
      if (!isSchemaObject(member) || typeof member.$ref !== 'string') return undefined;
      const branch = quietResolve(ctx, member.$ref, at);
      const allOf = isSchemaObject(branch?.value) ? branch.value.allOf : undefined;
      if (!Array.isArray(allOf)) continue;
      for (const base of allOf) {
        if (!isSchemaObject(base) || typeof base.$ref !== 'string') continue;
        const target = quietResolve(ctx, base.$ref, branch!.at);
        if (target !== undefined && isSchemaObject(target.value) && isSchemaObject(target.value.discriminator)) return { discriminator: target.value.discriminator, at: target.at };
      }
    }
  }
  return undefined;
}

/**
 * True when the branch (or the schema holding the `oneOf`) declares the property, itself or
 * through `allOf`, as a plain schema whose `enum`/`const`, if any, admits every value, and the
 * branch does not branch further (`oneOf`/`anyOf`): only then can the value be pinned without
 * contradicting what the spec wrote.
 */
function admits(ref: string, holder: JsonSchemaObject, property: string, values: string[], ctx: SchemaContext, at: SourceLocation): boolean {
  const seen = new Set<unknown>();
  let found = false;
  let open = true;
  const visit = (node: unknown, nodeAt: SourceLocation, depth: number): void => {
    if (!isSchemaObject(node) || seen.has(node) || depth > 12) return;
    seen.add(node);
    if (typeof node.$ref === 'string') {
      const target = quietResolve(ctx, node.$ref, nodeAt);
      if (target !== undefined) visit(target.value, target.at, depth + 1);
      return;
    }
    if (node.oneOf !== undefined || node.anyOf !== undefined) open = false;
    const props = node.properties;
    if (isSchemaObject(props) && Object.hasOwn(props, property)) {
      found = true;
      let p: unknown = props[property];
      if (isSchemaObject(p) && typeof p.$ref === 'string') p = quietResolve(ctx, p.$ref, nodeAt)?.value;
      if (!isSchemaObject(p) || BRANCHING.some((k) => p[k] !== undefined)) open = false;
      else if (Array.isArray(p.enum) && !values.every((v) => (p.enum as unknown[]).includes(v))) open = false;
      else if (p.const !== undefined && !values.every((v) => v === p.const)) open = false;
    }
    if (Array.isArray(node.allOf)) for (const m of node.allOf) visit(m, nodeAt, depth + 1);
  };
  visit({ $ref: ref }, at, 0);
  // The holder may declare the property itself (next to its `oneOf`), for every branch.
  visit({ properties: holder.properties }, at, 0);
  return found && open;
}

/** Keywords with which a property schema branches its values: too much to reason about here. */
const BRANCHING = ['oneOf', 'anyOf', 'allOf', 'not', '$ref'];

/**
 * `ctx.resolve` without its warning: looking for a discriminator is optional, and a reference it
 * cannot follow has been reported where the schema uses it (or does not matter here).
 */
function quietResolve(ctx: SchemaContext, ref: string, at: SourceLocation): { value: unknown; at: SourceLocation } | undefined {
  const before = ctx.diagnostics.items.length;
  const target = ctx.resolve!(ref, at);
  ctx.diagnostics.items.length = before;
  return target;
}
