/**
 * The typed MCP client of a generated package (`import { createClient } from '<pkg>/client'`):
 *
 * - `src/client/runtime/*.gen.ts`: the static client runtime, copied from templates/client;
 * - `src/client/schemas.gen.ts`, `src/client/types/part-*.gen.ts`: argument and result types;
 * - `src/client/methods.gen.ts`: the method table (method → tool, where its definition is);
 * - `src/client/api.gen.ts`: the `ApiClient` interface, one method per tool;
 * - `src/client/index.ts`: the entry, `createClient(options)`.
 *
 * Tool definitions travel with each call (header mirroring without tools/list). A server package
 * already holds them in `src/tools/part-*.gen.ts`; a client-only package gets its own copy in
 * `src/client/definitions/part-*.gen.ts`, cut down to what the client sends (name, schemas).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { GeneratedFile } from '../model/emit-plan.js';
import type { Tool } from '../model/tool-model.js';
import { METHOD_NAME, methodNames } from './client-method-names.js';
import { emitClientTypes, type MethodTypes } from './client-types.js';
import { docComment } from './doc-comment.js';
import { literalRef, printSourceFile, type Statement } from './printer.js';
import { partIdentifier, partOfEachTool, toolParts, type ToolPart } from './tool-parts.js';

const CLIENT_RUNTIME_DIR = new URL('../../templates/client/', import.meta.url);

export interface ClientPackageInfo {
  /** npm package name and version: the client's default identity. */
  name: string;
  version: string;
  /** The API's title, for doc comments. */
  title: string;
}

const generated = (path: string, contents: string): GeneratedFile => ({ path, contents, owner: 'generator' });
const raw = (text: string): Statement => ({ kind: 'raw', text });

/** The client runtime shared by every generated package, copied verbatim. */
export function emitClientRuntimeFiles(): GeneratedFile[] {
  return readdirSync(CLIENT_RUNTIME_DIR)
    .filter((f) => f.endsWith('.gen.ts'))
    .sort()
    .map((f) => generated(`src/client/runtime/${f}`, readFileSync(new URL(f, CLIENT_RUNTIME_DIR), 'utf8')));
}

/** One method name per tool, in tools/list order. */
export function clientMethodNames(tools: readonly Tool[]): string[] {
  return methodNames(tools.map((t) => t.definition.name));
}

/**
 * Every client file. `definitions`: `server` reads the definitions from the server's tool data,
 * `own` (client-only package) emits them under src/client/definitions. `methods`: the method names,
 * when the caller has them already (the README and the handler types use them too).
 */
export function emitClientFiles(tools: readonly Tool[], info: ClientPackageInfo, definitions: 'server' | 'own', methods: readonly string[] = clientMethodNames(tools)): GeneratedFile[] {
  const { files, types } = emitClientTypes(tools, methods);
  const parts = toolParts(tools.map((t) => t.definition.name));
  const loaders = parts.map(({ name }) => (definitions === 'own' ? `./definitions/${name}.gen.js` : `../tools/${name}.gen.js`));
  return [
    ...emitClientRuntimeFiles(),
    ...files,
    ...(definitions === 'own' ? emitDefinitionFiles(tools, parts) : []),
    emitMethodTable(tools, methods, info, parts, loaders),
    emitApiInterface(tools, types, info),
    emitClientEntry(info, [...new Set(types.map((t) => t.part))]),
  ];
}

/**
 * `src/client/definitions/part-*.gen.ts`: name and schemas of each tool, chunked like src/tools,
 * as one JSON string parsed at load time. To tsc a string is one token: msgraph's 11,422 definitions
 * as object literals took 49 s and 8.6 GB to build, as strings 4 s and 1.2 GB (and V8 parses JSON
 * faster than the same object literal).
 */
function emitDefinitionFiles(tools: readonly Tool[], parts: readonly ToolPart[]): GeneratedFile[] {
  return parts.map(({ name: part, start, end }) => {
    const chunk = tools.slice(start, end).map(({ definition: d }) => ({
      definition: { name: d.name, inputSchema: d.inputSchema, ...(d.outputSchema !== undefined ? { outputSchema: d.outputSchema } : {}) },
    }));
    const text = printSourceFile(
      [
        { kind: 'import', typeOnly: true, names: ['DefinitionPart'], from: '../runtime/types.gen.js' },
        { kind: 'const', name: 'tools', type: "DefinitionPart['tools']", initializer: `JSON.parse(${literalRef(0)})` },
      ],
      [JSON.stringify(JSON.stringify(chunk))],
    );
    return generated(`src/client/definitions/${part}.gen.ts`, text);
  });
}

/** `src/client/methods.gen.ts`: the table `createApiClient` builds the methods from. */
function emitMethodTable(tools: readonly Tool[], methods: readonly string[], info: ClientPackageInfo, parts: readonly ToolPart[], loaders: readonly string[]): GeneratedFile {
  // No position within the part, and the part by name: the client finds the tool there by name, so
  // a tool added shifts no other entry, and a part added renames no other.
  const table: Record<string, { tool: string; part: string; wrappedIn?: string }> = {};
  const partOf = partOfEachTool(parts);
  tools.forEach((tool, i) => {
    const wrappedIn = tool.binding.output?.wrappedIn;
    table[methods[i]!] = {
      tool: tool.definition.name,
      part: partOf[i]!,
      ...(wrappedIn !== undefined ? { wrappedIn } : {}),
    };
  });
  const partLoaders = parts.map(({ name }, i) => `    ${JSON.stringify(name)}: () => import(${JSON.stringify(loaders[i])}),`).join('\n');
  const text = printSourceFile(
    [
      { kind: 'import', typeOnly: true, names: ['ClientTable'], from: './runtime/types.gen.js' },
      raw(''),
      {
        kind: 'const',
        name: 'table',
        type: 'ClientTable',
        docs: ['Every client method: its tool, and where the tool definition is (loaded on first use).'],
        initializer: `{\n  name: ${literalRef(0)},\n  version: ${literalRef(1)},\n  methods: ${literalRef(2)},\n  parts: {\n${partLoaders}\n  },\n}`,
      },
    ],
    [JSON.stringify(info.name), JSON.stringify(info.version), methodsLiteral(table)],
  );
  return generated('src/client/methods.gen.ts', text);
}

/** One line per method; keys are method names (identifiers), values our own data and tool names. */
function methodsLiteral(table: Record<string, unknown>): string {
  const lines = Object.keys(table).map((method) => `    ${JSON.stringify(method)}: ${JSON.stringify(table[method])},`);
  return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n  }`;
}

const typesAlias = partIdentifier;

/** `src/client/api.gen.ts`: the client interface. */
function emitApiInterface(tools: readonly Tool[], types: readonly MethodTypes[], info: ClientPackageInfo): GeneratedFile {
  const members = types.map((t, i) => {
    const tool = tools[i]!;
    if (!METHOD_NAME.test(t.method)) throw new Error(`bug: method name ${JSON.stringify(t.method)} is not an identifier`);
    const route = tool.binding.kind === 'http' ? `${tool.binding.method} ${tool.binding.path}` : undefined;
    const first = (tool.definition.title ?? tool.definition.description.split('\n', 1)[0] ?? '').trim();
    const summary = first === route ? '' : first;
    const where = route !== undefined ? `\`${route}\`, tool \`${tool.definition.name}\`.` : `Tool \`${tool.definition.name}\`.`;
    const ns = typesAlias(t.part);
    const args = `args${t.argsOptional ? '?' : ''}: ${ns}.${t.args}`;
    return `${docComment(summary === '' ? [where] : [summary, '', where], '  ')}  ${t.method}(${args}, options?: CallOptions): Promise<${ns}.${t.result}>;`;
  });
  const parts = [...new Set(types.map((t) => t.part))];
  const text = printSourceFile([
    { kind: 'import', typeOnly: true, names: ['CallOptions', 'ClientControls'], from: './runtime/types.gen.js' },
    ...parts.map((p) => raw(`import type * as ${typesAlias(p)} from "./types/${p}.gen.js";`)),
    raw(''),
    raw(literalRef(0)),
  ], [`${docComment([`A typed MCP client of ${info.title}: one method per tool, plus close().`], '')}export interface ApiClient extends ClientControls {\n${members.join('\n')}${members.length > 0 ? '\n' : ''}}`]);
  return generated('src/client/api.gen.ts', text);
}

/** `src/client/index.ts`: what `import … from '<pkg>/client'` gets. */
function emitClientEntry(info: ClientPackageInfo, parts: readonly string[]): GeneratedFile {
  const text = printSourceFile([
    { kind: 'import', typeOnly: true, names: ['ApiClient'], from: './api.gen.js' },
    { kind: 'import', names: ['table'], from: './methods.gen.js' },
    { kind: 'import', names: ['createApiClient'], from: './runtime/create-client.gen.js' },
    { kind: 'import', typeOnly: true, names: ['ClientOptions'], from: './runtime/types.gen.js' },
    raw(''),
    raw('export type { ApiClient } from "./api.gen.js";'),
    raw('export { InputRequiredError, ToolCallError, type InputRequest } from "./runtime/errors.gen.js";'),
    raw('export type { CallOptions, ClientOptions, ElicitationHandler, HttpClientOptions, StdioClientOptions } from "./runtime/types.gen.js";'),
    raw('export type * as Schemas from "./schemas.gen.js";'),
    ...parts.map((p) => raw(`export type * from "./types/${p}.gen.js";`)),
    raw(''),
    raw(literalRef(0)),
    raw('export function createClient(options: ClientOptions): Promise<ApiClient> {'),
    raw('  return createApiClient<ApiClient>(table, options);'),
    raw('}'),
  ], [docComment([
    `Connects to an MCP server for ${info.title}: \`{ url }\` for Streamable HTTP (e.g. http://127.0.0.1:3000/mcp),`,
    '`{ command, args, env }` to start one over stdio. Each method calls one tool and resolves to its',
    'result; a tool error throws ToolCallError. Call close() when done.',
  ], '').trimEnd()]);
  return generated('src/client/index.ts', text);
}
