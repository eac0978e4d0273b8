/**
 * The handler files of a package generated from a tool manifest:
 *
 * - `src/handlers/<tool name>.ts` (pinned path): one per tool, the user's. Created once as a stub
 *   that compiles and answers "not implemented", never overwritten; a tool removed from the
 *   manifest leaves its file in place (the writer reports it as no longer used).
 * - `src/handler-types.gen.ts`: `Args<"name">`, `Result<"name">`, `Output<"name">` and
 *   `Handler<"name">` for each tool, from the typed client's argument and result types, and the
 *   handler API (HandlerContext, ToolError, notImplemented). Handlers import their types from here
 *   by tool name, so a regeneration that changes a schema changes the types they are checked against.
 * - `src/handlers.gen.ts`: imports every handler and checks it `satisfies Handler<"name">`, so
 *   `npm run build` names each handler that no longer fits its tool.
 *
 * Tool names enter code only as JSON string literals and as import paths built from them (a name
 * is `[A-Za-z0-9_.-]`, validated by the manifest mapper).
 */
import type { GeneratedFile } from '../model/emit-plan.js';
import type { Tool } from '../model/tool-model.js';
import { clientMethodNames } from './client-files.js';
import { typeNameOfMethod } from './client-types.js';
import { partIdentifier, partOfEachTool, toolParts } from './tool-parts.js';
import { printSourceFile, type Statement } from './printer.js';

/** Where each manifest tool's handler lives in the generated package (pinned: scripts depend on it). */
export function handlerPath(tool: string): string {
  return `src/handlers/${tool}.ts`;
}

const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;
const raw = (text: string): Statement => ({ kind: 'raw', text });
const generated = (path: string, contents: string): GeneratedFile => ({ path, contents, owner: 'generator' });

export function emitHandlerFiles(tools: readonly Tool[], methods: readonly string[] = clientMethodNames(tools)): GeneratedFile[] {
  const handlerTools = tools.filter((t) => t.binding.kind === 'handler');
  for (const tool of handlerTools) {
    if (!SAFE_NAME.test(tool.definition.name)) throw new Error(`bug: tool name ${JSON.stringify(tool.definition.name)} cannot name a handler file`);
  }
  return [emitHandlerTypes(tools, methods), emitHandlerTable(handlerTools), ...handlerTools.map((t) => emitHandlerStub(t.definition.name))];
}

/** The user's stub: compiles, and answers an isError "not implemented" until written. */
function emitHandlerStub(name: string): GeneratedFile {
  const tool = JSON.stringify(name);
  const text = [
    `import { notImplemented, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";`,
    '',
    `/**`,
    ` * The handler of tool ${name}. This file is yours: openapi-mcp created it once and never`,
    ` * overwrites it. Return the result as data (checked against the tool's output schema), or a`,
    ` * CallToolResult ({ content: [...] }); throw ToolError for an expected failure.`,
    ` */`,
    `export default async function (args: Args<${tool}>, ctx: HandlerContext): Promise<Output<${tool}>> {`,
    `  return notImplemented(${tool});`,
    `}`,
    '',
  ].join('\n');
  return { path: handlerPath(name), contents: text, owner: 'user' };
}

/** `src/handler-types.gen.ts`: the types of every tool by name, from the client's types. */
function emitHandlerTypes(tools: readonly Tool[], methods: readonly string[]): GeneratedFile {
  const parts = new Set<string>();
  const members: string[] = [];
  const partOf = partOfEachTool(toolParts(tools.map((t) => t.definition.name)));
  tools.forEach((tool, i) => {
    if (tool.binding.kind !== 'handler') return;
    const part = partOf[i]!;
    parts.add(part);
    const prefix = `${partIdentifier(part)}.${typeNameOfMethod(methods[i]!)}`;
    const result = tool.definition.outputSchema !== undefined ? `${prefix}Result` : 'unknown';
    members.push(`  ${JSON.stringify(tool.definition.name)}: { args: ${prefix}Args; result: ${result} };`);
  });
  const text = printSourceFile([
    ...[...parts].map((p) => raw(`import type * as ${partIdentifier(p)} from "./client/types/${p}.gen.js";`)),
    { kind: 'import', typeOnly: true, names: ['HandlerContext'], from: './runtime/handler-context.gen.js' },
    { kind: 'import', typeOnly: true, names: ['ToolResult'], from: './runtime/handler-result.gen.js' },
    raw(''),
    raw('export { acceptedContent, input, inputResponse, ToolError, type HandlerContext, type HandlerLogger, type InputKind } from "./runtime/handler-context.gen.js";'),
    raw('export { notImplemented, type ToolResult } from "./runtime/handler-result.gen.js";'),
    raw(''),
    raw('/** Each tool\'s arguments (from its input schema) and result (from its output schema; `unknown` without one). */'),
    raw(`export interface ToolTypes {${members.length > 0 ? `\n${members.join('\n')}\n` : ''}}`),
    raw(''),
    raw('export type ToolName = keyof ToolTypes;'),
    raw('/** The arguments a handler gets, already validated against the input schema. */'),
    raw('export type Args<N extends ToolName> = ToolTypes[N]["args"];'),
    raw('/** The result as data: it becomes structuredContent (wrapped when the output is not an object) and a text block. */'),
    raw('export type Result<N extends ToolName> = ToolTypes[N]["result"];'),
    raw('/** What a handler returns: the result as data, or a CallToolResult it builds itself. */'),
    raw('export type Output<N extends ToolName> = Result<N> | ToolResult;'),
    raw('export type Handler<N extends ToolName> = (args: Args<N>, ctx: HandlerContext) => Promise<Output<N>>;'),
  ]);
  return generated('src/handler-types.gen.ts', text);
}

/** `src/handlers.gen.ts`: every handler, type-checked against its tool. */
function emitHandlerTable(tools: readonly Tool[]): GeneratedFile {
  const imports = tools.map((t, i) => raw(`import h${i + 1} from ${JSON.stringify(`./handlers/${t.definition.name}.js`)};`));
  const entries = tools.map((t, i) => `  ${JSON.stringify(t.definition.name)}: h${i + 1} satisfies Handler<${JSON.stringify(t.definition.name)}>,`);
  const text = printSourceFile([
    { kind: 'import', typeOnly: true, names: ['Handler'], from: './handler-types.gen.js' },
    { kind: 'import', typeOnly: true, names: ['HandlerTable'], from: './runtime/handler-call.gen.js' },
    ...imports,
    raw(''),
    raw('/** Every tool\'s handler (src/handlers/<name>.ts), checked against its tool\'s argument and result types. */'),
    raw(`export const handlers: HandlerTable = {${entries.length > 0 ? `\n${entries.join('\n')}\n` : ''}};`),
  ]);
  return generated('src/handlers.gen.ts', text);
}
