import Handlebars from 'handlebars';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { COMPILE_OPTIONS as SCRIPT_OPTIONS, precompiledModule } from '../../scripts/precompile-templates.mjs';
import { COMPILE_OPTIONS, renderer, type PrecompiledTemplate } from '../../src/emit/templates.js';

const TEMPLATES = fileURLToPath(new URL('../../templates/', import.meta.url));
const require = createRequire(import.meta.url);

/** A precompiled spec as an object, the way `require` of the generated module yields it. */
function spec(text: string): PrecompiledTemplate['spec'] {
  return new Function(`return ${Handlebars.precompile(text, { ...COMPILE_OPTIONS })}`)() as PrecompiledTemplate['spec'];
}

describe('renderer', () => {
  it('uses the precompiled template while its source matches the .hbs text', () => {
    const entry = { source: 'A {{x}}', spec: spec('B {{x}}') };
    expect(renderer('t1', 'A {{x}}', entry)({ x: 1 })).toBe('B 1');
  });

  it('compiles the current text when the precompiled one is stale or missing', () => {
    const entry = { source: 'A {{x}}', spec: spec('B {{x}}') };
    expect(renderer('t2', 'C {{x}}', entry)({ x: 1 })).toBe('C 1');
    expect(renderer('t3', 'D {{x}}', undefined)({ x: 1 })).toBe('D 1');
  });

  it('is strict, does not escape, and has the json helper, both ways', () => {
    const text = '{{a}} {{{json b}}}';
    for (const render of [renderer('t4', text, { source: text, spec: spec(text) }), renderer('t5', text, undefined)]) {
      expect(render({ a: '<&>', b: { k: 1 } })).toBe('<&> {\n  "k": 1\n}');
      expect(() => render({ b: 1 })).toThrow(/"a" not defined/);
    }
  });
});

describe('scripts/precompile-templates.mjs', () => {
  it('compiles with the options renderTemplate compiles with', () => {
    expect(SCRIPT_OPTIONS).toEqual(COMPILE_OPTIONS);
  });

  it('writes every .hbs template with its source, loadable by require', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'openapi-mcp-precompiled-')), 'templates.precompiled.cjs');
    writeFileSync(file, precompiledModule(TEMPLATES) as string);
    const loaded = require(file) as Record<string, PrecompiledTemplate>;
    const names = (readdirSync(TEMPLATES, { recursive: true }) as string[]).filter((f) => f.endsWith('.hbs')).map((f) => f.slice(0, -4)).sort();
    expect(Object.keys(loaded)).toEqual(names);
    for (const name of names) {
      const source = readFileSync(join(TEMPLATES, `${name}.hbs`), 'utf8');
      expect(loaded[name]!.source).toBe(source);
      expect(typeof (loaded[name]!.spec as unknown as { main?: unknown }).main).toBe('function');
    }
  });
});
