/**
 * Sets `target[key] = value` as an own enumerable property, also when `key` is `__proto__`
 * (a legal property or schema name in a spec, which plain assignment would turn into a prototype change).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
