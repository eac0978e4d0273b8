import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
// With the extension: handlebars has no `exports` map, so Node's ESM resolver needs the file name
// (the library entry dist/index.js is not bundled). Its typings declare nothing for this path.
import HandlebarsRuntimeModule from 'handlebars/runtime.js';

const TEMPLATE_DIR = new URL('../../templates/', import.meta.url);
const require = createRequire(import.meta.url);
const HandlebarsRuntime = HandlebarsRuntimeModule as unknown as typeof import('handlebars');

/** Options every template is compiled with; scripts/precompile-templates.mjs uses the same. */
export const COMPILE_OPTIONS = { strict: true, noEscape: true } as const;

/** An entry of dist/templates.precompiled.cjs (written by scripts/precompile-templates.mjs). */
export interface PrecompiledTemplate {
  /** The .hbs text it was compiled from. */
  source: string;
  spec: TemplateSpecification;
}
type TemplateSpecification = Parameters<typeof HandlebarsRuntime.template>[0];
type Render = (data: Record<string, unknown>) => string;

let precompiled: Readonly<Record<string, PrecompiledTemplate>> | undefined;
const renderers = new Map<string, Render>();

/**
 * Renders `templates/<name>.hbs`. Strict (a missing value is an error, not an empty string), no
 * HTML escaping (none of the outputs is HTML); values that land inside JSON go through `json`.
 * Templates hold no decisions: callers pass ready-made, already-sanitized values.
 *
 * A built openapi-mcp renders with the templates precompiled at build time (through
 * handlebars/runtime only) as long as the .hbs file still has the text they were compiled from;
 * otherwise, or without a build (`src/`), the template is compiled here with the full Handlebars.
 */
export function renderTemplate(name: string, data: Record<string, unknown>): string {
  const source = readFileSync(new URL(`${name}.hbs`, TEMPLATE_DIR), 'utf8');
  precompiled ??= loadPrecompiled();
  return renderer(name, source, Object.hasOwn(precompiled, name) ? precompiled[name] : undefined)(data);
}

/** The renderer for a template's current `source`: the precompiled one when it matches, else compiled. */
export function renderer(name: string, source: string, entry: PrecompiledTemplate | undefined): Render {
  const key = `${name}\n${source}`;
  let render = renderers.get(key);
  if (render === undefined) {
    render = entry !== undefined && entry.source === source ? withHelpers(HandlebarsRuntime.create()).template(entry.spec) : compile(source);
    renderers.set(key, render);
  }
  return render;
}

function compile(source: string): Render {
  // Loaded only when needed: the compiler is most of Handlebars, and a build does not need it.
  const Handlebars = require('handlebars') as typeof import('handlebars');
  return withHelpers(Handlebars.create()).compile(source, { ...COMPILE_OPTIONS }); // a copy: Handlebars adds to its options
}

function withHelpers<T extends typeof HandlebarsRuntime>(hbs: T): T {
  hbs.registerHelper('json', (value: unknown) => JSON.stringify(value, null, 2));
  return hbs;
}

function loadPrecompiled(): Readonly<Record<string, PrecompiledTemplate>> {
  try {
    // dist/templates.precompiled.cjs, next to dist/emit/ and dist/cli/ (the bundle).
    return require('../templates.precompiled.cjs') as Record<string, PrecompiledTemplate>;
  } catch {
    return {};
  }
}

/** Text from a spec on one line of a generated text file: no line breaks or control characters. */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

/**
 * Text from a spec inside Markdown prose or a table cell: no table break (`|`), no code span, no
 * HTML (`<`), no link or image (`[`, `]` escaped: `![x](https://evil/?q=…)` and `[click](javascript:…)` stay text).
 */
export function markdownCell(text: string): string {
  return oneLine(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/`/g, "'").replace(/</g, '&lt;').replace(/[[\]]/g, '\\$&');
}

/** Text from a spec inside a `code span` of a table cell: a backtick cannot end the span, a `|` cannot end the cell. */
export function codeCell(text: string): string {
  return oneLine(text).replace(/`/g, "'").replace(/\|/g, '\\|');
}
