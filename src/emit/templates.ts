import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';

const TEMPLATE_DIR = new URL('../../templates/', import.meta.url);

/**
 * Renders `templates/<name>.hbs`. Strict (a missing value is an error, not an empty string), no
 * HTML escaping (none of the outputs is HTML); values that land inside JSON go through `json`.
 * Templates hold no decisions: callers pass ready-made, already-sanitized values.
 */
export function renderTemplate(name: string, data: Record<string, unknown>): string {
  const hbs = Handlebars.create();
  hbs.registerHelper('json', (value: unknown) => JSON.stringify(value, null, 2));
  const source = readFileSync(new URL(`${name}.hbs`, TEMPLATE_DIR), 'utf8');
  return hbs.compile(source, { strict: true, noEscape: true })(data);
}

/** Text from a spec on one line of a generated text file: no line breaks or control characters. */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

/** Text from a spec inside a Markdown table cell. */
export function markdownCell(text: string): string {
  return oneLine(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/`/g, "'").replace(/</g, '&lt;');
}
