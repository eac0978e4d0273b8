/**
 * Ajv (the SDK's validator, `ownProperties: false`) reads a property through the prototype chain:
 * for a schema with an optional property `constructor` (or `toString`, `valueOf` …), arguments
 * without it failed with "data/constructor must be string" (it found `Object.prototype.constructor`),
 * so the tool could not be called without it; an upstream answer without it failed output
 * validation. Such a schema is checked against a copy of the value whose objects have no prototype.
 */

/** The names every plain object inherits (`constructor`, `toString`, `__proto__` …). */
const INHERITED = Object.getOwnPropertyNames(Object.prototype);

/** True when the schema names a property a plain object inherits (anywhere, also in an enum: a copy too many costs little). */
export function mentionsInheritedName(schema: unknown): boolean {
  const text = JSON.stringify(schema) ?? '';
  return INHERITED.some((name) => text.includes(`"${name}"`));
}

/** A deep copy of a JSON value whose objects have no prototype (arrays stay arrays). */
export function withoutPrototypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrototypes);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) copy[key] = withoutPrototypes(item);
  return copy;
}

/** Sets `target[key]` as an own, enumerable property, also for `__proto__` (a name a spec may use), where assigning would change the prototype instead. */
export function setOwnProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
