/**
 * `JSON.stringify` of objects that a run serializes more than once, by identity: the tool data's
 * lines (emit/tool-data.ts) hold each tool's binding and input schema, and the manifest's tool
 * summaries (report/tool-summary.ts) hash the same texts (GitHub: 1.5 MB of JSON serialized once
 * instead of twice). Scoped to one run, whose tool model does not change after the map stage.
 */
export class JsonTexts {
  private readonly texts = new WeakMap<object, string>();

  /** `JSON.stringify(value)`, serialized the first time only. */
  of(value: object): string {
    let text = this.texts.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      this.texts.set(value, text);
    }
    return text;
  }
}
