/**
 * One entry per distinct JSON value: the same object, or another value with the same JSON text,
 * gets the entry made for the first. Objects are serialized once each: the map stage shares one
 * object between every tool schema that uses a definition. Used for the stored tool data's
 * definitions (tool-data.ts) and, per key, the typed client's definition shapes (definition-names.ts).
 */
export class DistinctJson<T> {
  private readonly byObject = new Map<object, T>();
  private readonly byText = new Map<string, T>();

  /** The entry of `value`; `create(text)` makes it for a value not seen before. */
  entry(value: unknown, create: (text: string) => T): T {
    const isObject = typeof value === 'object' && value !== null;
    if (isObject) {
      const known = this.byObject.get(value);
      if (known !== undefined) return known;
    }
    const text = JSON.stringify(value);
    let entry = this.byText.get(text);
    if (entry === undefined) {
      entry = create(text);
      this.byText.set(text, entry);
    }
    if (isObject) this.byObject.set(value, entry);
    return entry;
  }

  /** The entries, in the order they were made. */
  values(): IterableIterator<T> {
    return this.byText.values();
  }

  /** The entry made for `value` (an object: that very object), or `undefined`. */
  find(value: unknown): T | undefined {
    return typeof value === 'object' && value !== null ? this.byObject.get(value) : this.byText.get(JSON.stringify(value));
  }
}
