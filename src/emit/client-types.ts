/**
 * The typed client's TypeScript types: one named type per shared definition
 * (`src/client/schemas.gen.ts`) and, per tool, `<Method>Args` from its inputSchema and
 * `<Method>Result` from its outputSchema (`src/client/types/part-*.gen.ts`, chunked like the tool
 * data). A result the server wraps (`{ result: … }`) is typed as the unwrapped value; a tool
 * whose answer is not JSON (or generated with `--output-schema none`) resolves to its text.
 *
 * The definitions' names, and what a key with several shapes (request vs response, copies cut at
 * the size budget) names them, are in definition-names.ts: they never depend on the operations' order.
 */
import { byCodeUnit } from '../by-code-unit.js';
import type { GeneratedFile } from '../model/emit-plan.js';
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';
import type { Tool } from '../model/tool-model.js';
import { DefinitionNames, type DefinitionVariant } from './definition-names.js';
import { docComment, schemaDoc } from './doc-comment.js';
import { literalRef, printSourceFile, type Statement } from './printer.js';
import { schemaToType, TypeMemo } from './schema-types.js';
import { toolParts } from './tool-parts.js';
import { createWidthMeter, MAX_UNION_WIDTH } from './type-width.js';
import { cycles } from './type-cycles.js';

/** How one client method is typed. */
export interface MethodTypes {
  method: string;
  /** Type names inside the types part file. */
  args: string;
  result: string;
  /** No required argument: the method may be called without one. */
  argsOptional: boolean;
  /** `part-…` (tool-parts.ts): the file under src/client/types/ holding these types. */
  part: string;
}

/** `tooWide(schema, defs)` for {@link TypeContext.tooWide}: more union members than tsc can hold (type-width.ts). */
function wideCheck(): (schema: JsonSchemaObject, defs: Record<string, JsonSchema>) => boolean {
  const width = createWidthMeter();
  return (schema, defs) => width(schema, defs) > MAX_UNION_WIDTH;
}

function defsOf(schema: JsonSchemaObject | undefined): Record<string, JsonSchema> {
  return schema !== undefined && isSchemaObject(schema.$defs) ? (schema.$defs as Record<string, JsonSchema>) : {};
}

const generated = (path: string, contents: string): GeneratedFile => ({ path, contents, owner: 'generator' });

/**
 * Marks a definition reference in printed type text until the file is written: bare in
 * schemas.gen.ts, `S.` in the method types. No spec string can print as it (literals and property
 * names go through JSON.stringify, which escapes U+0001; doc comments drop control characters), so
 * a method type whose text equals a definition's is that definition, and both print in one context
 * (the memo's entries serve either).
 */
const REF = '\u0001';

/** The definitions' source, and the first definition (by name) each aliasable printed text is. */
interface PrintedDefinitions {
  text: string;
  byText: Map<string, string>;
}

const OPEN_OBJECT = '{\n  [key: string]: unknown;\n}';

/**
 * A type a method may name as a definition instead of repeating it: one over several lines, not
 * the open object every untyped answer prints as.
 */
function aliasable(text: string): boolean {
  return text.includes('\n') && text !== OPEN_OBJECT;
}

/** `export type <name> = <type>;` blocks of the definitions, alias cycles broken. */
function printDefinitions(names: DefinitionNames, memo: TypeMemo): PrintedDefinitions {
  const tooWide = wideCheck();
  const refTo = (defs: Record<string, JsonSchema>, key: string): string | undefined => {
    const name = names.nameOf(defs, key);
    return name === undefined ? undefined : REF + name;
  };
  const print = (v: DefinitionVariant, breakRefs?: ReadonlySet<string>, onEagerRef?: (key: string) => void): string =>
    schemaToType(v.schema, { ref: (key) => refTo(v.defs, key), memo, tooWide: (s) => tooWide(s, v.defs), ...(breakRefs ? { breakRefs } : {}), ...(onEagerRef ? { onEagerRef } : {}) });
  const edges = new Map<string, string[]>();
  const texts = new Map<string, string>();
  for (const v of names.variants()) {
    const out: string[] = [];
    texts.set(v.name, print(v, undefined, (key) => {
      const target = names.nameOf(v.defs, key);
      if (target !== undefined) out.push(target);
    }));
    edges.set(v.name, out);
  }
  // `type A = B & {…}` with `type B = A | …` is circular for tsc: such references become unknown.
  for (const cycle of cycles(edges)) {
    for (const v of names.variants().filter((x) => cycle.has(x.name))) {
      const keys = new Set(Object.keys(v.defs).filter((k) => cycle.has(names.nameOf(v.defs, k) ?? '')));
      texts.set(v.name, print(v, keys));
    }
  }
  const sorted = [...names.variants()].sort((a, b) => byCodeUnit(a.name, b.name));
  const byText = new Map<string, string>();
  for (const v of sorted) {
    const t = texts.get(v.name)!;
    if (aliasable(t) && !byText.has(t)) byText.set(t, v.name);
  }
  const text = sorted.map((v) => `${variantDoc(v)}export type ${v.name} = ${texts.get(v.name)!};`).join('\n\n');
  return { text: text.replaceAll(REF, ''), byText };
}

/** The definition's description, and for a key's second shape on what it is. */
function variantDoc(v: DefinitionVariant): string {
  if (v.note === undefined) return schemaDoc(v.schema, '');
  const s = isSchemaObject(v.schema) ? v.schema : {};
  return docComment([...(typeof s.description === 'string' ? [s.description, ''] : []), v.note, ...(s.deprecated === true ? ['@deprecated'] : [])], '');
}

/**
 * The part of an outputSchema the client returns: the wrapped value, or the whole object. A JSON
 * answer without an advertised schema (compact mode leaves big ones out) is still structured:
 * an object, or for a wrapped answer any JSON value.
 */
function resultSchema(tool: Tool): JsonSchema | undefined {
  const output = tool.definition.outputSchema;
  const wrappedIn = tool.binding.output?.wrappedIn;
  if (output === undefined) return tool.binding.output === undefined ? undefined : wrappedIn === undefined ? { type: 'object' } : true;
  if (wrappedIn === undefined) return output;
  const props = isSchemaObject(output.properties) ? output.properties : {};
  return Object.hasOwn(props, wrappedIn) ? (props[wrappedIn] as JsonSchema) : true;
}

/** `listItems` → `ListItems`: the prefix of a method's `…Args` and `…Result` types. */
export function typeNameOfMethod(method: string): string {
  return method.charAt(0).toUpperCase() + method.slice(1);
}

/**
 * `src/client/schemas.gen.ts` and `src/client/types/part-*.gen.ts`; `methods[i]` is the method
 * name of `tools[i]`.
 */
export function emitClientTypes(tools: readonly Tool[], methods: readonly string[]): { files: GeneratedFile[]; types: MethodTypes[] } {
  const names = new DefinitionNames();
  for (const tool of tools) {
    names.add(defsOf(tool.definition.inputSchema), 'input', tool.definition.name);
    names.add(defsOf(tool.definition.outputSchema), 'output', tool.definition.name);
  }
  const files: GeneratedFile[] = [];
  const memo = new TypeMemo();
  const tooWide = wideCheck();
  const defs = printDefinitions(names, memo);
  files.push(generated('src/client/schemas.gen.ts', printSourceFile([{ kind: 'raw', text: literalRef(0) }], [defs.text === '' ? 'export {};' : defs.text])));

  const types: MethodTypes[] = [];
  for (const { name: part, start, end } of toolParts(tools.map((t) => t.definition.name))) {
    const blocks: string[] = [];
    let usesDefs = false;
    for (let i = start; i < end; i++) {
      const tool = tools[i]!;
      const method = methods[i]!;
      // A type printed exactly as a definition is (most of GitHub's and Stripe's results are one
      // resource each) is that definition, by name.
      const typeFor = (schema: JsonSchema, root: JsonSchemaObject | undefined): string => {
        const text = schemaToType(schema, {
          memo,
          tooWide: (s) => tooWide(s, defsOf(root)),
          ref: (key) => {
            const name = names.nameOf(defsOf(root), key);
            if (name !== undefined) usesDefs = true;
            return name === undefined ? undefined : REF + name;
          },
        });
        const alias = aliasable(text) ? defs.byText.get(text) : undefined;
        if (alias === undefined) return text;
        usesDefs = true;
        return REF + alias;
      };
      const input = tool.definition.inputSchema;
      const result = resultSchema(tool);
      const t: MethodTypes = {
        method,
        args: `${typeNameOfMethod(method)}Args`,
        result: `${typeNameOfMethod(method)}Result`,
        argsOptional: !(Array.isArray(input.required) && input.required.length > 0),
        part,
      };
      types.push(t);
      const tag = `\`${method}\` (tool \`${tool.definition.name}\`)`;
      blocks.push(`${docComment([`Arguments of ${tag}.`], '')}export type ${t.args} = ${typeFor(input, input)};`);
      const answered = tool.binding.kind === 'handler' ? 'the structured result its handler returned' : 'the JSON the API answered with';
      const resultDoc = result === undefined ? 'the text it answers with (the tool gives no structured result)' : answered;
      blocks.push(`${docComment([`Result of ${tag}: ${resultDoc}.`], '')}export type ${t.result} = ${result === undefined ? 'string' : typeFor(result, tool.definition.outputSchema)};`);
    }
    const statements: Statement[] = [];
    if (usesDefs) statements.push({ kind: 'raw', text: 'import type * as S from "../schemas.gen.js";' }, { kind: 'raw', text: '' });
    statements.push({ kind: 'raw', text: literalRef(0) });
    files.push(generated(`src/client/types/${part}.gen.ts`, printSourceFile(statements, [blocks.length === 0 ? 'export {};' : blocks.join('\n\n').replaceAll(REF, 'S.')])));
  }
  return { files, types };
}
