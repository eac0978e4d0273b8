/**
 * The typed client's names for the `$defs` definitions of the tool schemas (client-types.ts).
 *
 * Every tool carries its own `$defs`; a definition shared by many tools is the same object (or
 * equal JSON) and gets one name, after its key. The same key can come with different shapes, and
 * why is known from the map stage (schema-bundle.ts): a definition is transformed once per
 * direction (a request leaves out `readOnly` properties, a response `writeOnly` ones; input
 * schemas also drop deep descriptions while a `full` output schema keeps them), and a schema
 * reaching more definitions than its budget (100 for inputs, 30 for outputs, breadth-first) gets
 * copies whose references past the budget are left open. So the shapes of one key are named by
 * what they are, never by the order of the operations:
 *
 * - one shape: `Pet`;
 * - the main shape output schemas carry (the response) is `Pet`; the main one input schemas carry
 *   (the request), when it is another, `PetInput` (with no output schema, it is `Pet`);
 * - a side with several shapes has copies cut at the size budget: its main shape is the most
 *   complete one (most `$ref`s left, then the longest JSON, then the JSON text's order), every
 *   other is `PetCut_<hash>` (seen in an output schema, or the input side's main shape is `Pet`)
 *   or `PetInputCut_<hash>`, six hex digits of the sha256 of its JSON, so adding or reordering
 *   operations leaves those names alone.
 *
 * Names are claimed main shapes first, then `…Input`, then the cut copies, each tier in name and
 * key order; a name already taken (two keys such as `simple-user` and `simple_user`, or a key
 * `pet-input` next to `pet`'s request shape) gets `2`, `3` … in that order. A shape's own `$ref`s
 * resolve among the `$defs` of one schema it came with: an output schema's before an input
 * schema's, then the smallest tool name.
 */
import { byCodeUnit } from '../by-code-unit.js';
import type { JsonSchema } from '../model/json-schema.js';
import { sha256Hex } from '../sha256.js';
import { DistinctJson } from './distinct-json.js';

/** Which schema of a tool a `$defs` belongs to. */
export type DefinitionSide = 'input' | 'output';

export interface DefinitionVariant {
  name: string;
  key: string;
  schema: JsonSchema;
  /** The `$defs` its own references resolve in (see the file comment). */
  defs: Record<string, JsonSchema>;
  /** For a key's second shape on: what it is, for its doc comment. */
  note?: string;
}

interface Shape {
  key: string;
  schema: JsonSchema;
  text: string;
  output: boolean;
  input: boolean;
  /** Where its references resolve, and the (side, tool) that chose it. */
  defs: Record<string, JsonSchema>;
  from: string;
  name?: string;
  note?: string;
}

/** `simple-user` → `SimpleUser`, `2fa` → `T2fa`: a type name from a definition key. */
export function typeName(key: string): string {
  const name = key
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  if (name === '') return 'Schema';
  return /^[0-9]/.test(name) ? `T${name}` : name;
}

const refCount = (text: string): number => text.split('"$ref":').length - 1;

/** Names every distinct definition of every tool schema: {@link add} them all, then {@link variants}. */
export class DefinitionNames {
  /** Per key: its distinct shapes (the map stage shares one object between tools; equal JSON is one shape too). */
  private readonly byKey = new Map<string, DistinctJson<Shape>>();
  private named: DefinitionVariant[] | undefined;

  /** The `$defs` of `tool`'s input or output schema. */
  add(defs: Record<string, JsonSchema>, side: DefinitionSide, tool: string): void {
    this.named = undefined;
    const from = `${side === 'output' ? 0 : 1}:${tool}`;
    for (const key of Object.keys(defs)) {
      const def = defs[key]!;
      let shapes = this.byKey.get(key);
      if (shapes === undefined) this.byKey.set(key, (shapes = new DistinctJson<Shape>()));
      const shape = shapes.entry(def, (text) => ({ key, schema: def, text, output: false, input: false, defs, from }));
      if (side === 'output') shape.output = true;
      else shape.input = true;
      if (from < shape.from) {
        shape.from = from;
        shape.defs = defs;
      }
    }
  }

  /** Every distinct definition with its name, in key order. */
  variants(): DefinitionVariant[] {
    if (this.named === undefined) this.named = this.assign();
    return this.named;
  }

  /** The name of `defs[key]` (after {@link add} saw those defs). */
  nameOf(defs: Record<string, JsonSchema>, key: string): string | undefined {
    if (this.named === undefined) this.named = this.assign();
    const def = Object.hasOwn(defs, key) ? defs[key] : undefined;
    return def === undefined ? undefined : this.byKey.get(key)?.find(def)?.name;
  }

  private assign(): DefinitionVariant[] {
    const wants: { shape: Shape; tier: number; name: string; note?: string }[] = [];
    const keys = [...this.byKey.keys()].sort(byCodeUnit);
    for (const key of keys) {
      const all = [...this.byKey.get(key)!.values()];
      const base = typeName(key);
      const outputs = all.filter((s) => s.output).sort(byCompleteness);
      const inputs = all.filter((s) => s.input).sort(byCompleteness);
      const main = outputs[0] ?? inputs[0]!;
      wants.push({ shape: main, tier: 0, name: base });
      const request = inputs[0] !== undefined && inputs[0] !== main ? inputs[0] : undefined;
      if (request !== undefined) wants.push({ shape: request, tier: 1, name: `${base}Input`, note: `\`${key}\` as input schemas carry it (the request side).` });
      for (const shape of all) {
        if (shape === main || shape === request) continue;
        const name = `${shape.output || request === undefined ? base : `${base}Input`}Cut_${sha256Hex(shape.text).slice(0, 6)}`;
        wants.push({ shape, tier: 2, name, note: `\`${key}\` as a tool schema that reached more definitions than its size budget carries it: some of the definitions it refers to are left open.` });
      }
    }
    wants.sort((a, b) => a.tier - b.tier || byCodeUnit(a.name, b.name) || byCodeUnit(a.shape.key, b.shape.key) || byCodeUnit(a.shape.text, b.shape.text));
    const used = new Set<string>();
    for (const want of wants) {
      let name = want.name;
      for (let i = 2; used.has(name); i++) name = `${want.name}${i}`;
      used.add(name);
      want.shape.name = name;
      if (want.note !== undefined) want.shape.note = want.note;
    }
    return keys.flatMap((key) =>
      [...this.byKey.get(key)!.values()]
        .sort((a, b) => byCodeUnit(a.name!, b.name!))
        .map((s) => ({ name: s.name!, key, schema: s.schema, defs: s.defs, ...(s.note !== undefined ? { note: s.note } : {}) })),
    );
  }
}

/** The main shape of a side first: most `$ref`s left (the fewest cut), the longest JSON, then the text. */
function byCompleteness(a: Shape, b: Shape): number {
  return refCount(b.text) - refCount(a.text) || b.text.length - a.text.length || byCodeUnit(a.text, b.text);
}
