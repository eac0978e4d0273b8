import { readdirSync, readFileSync } from 'node:fs';
import type { GeneratedFile } from '../model/emit-plan.js';
import type { RuntimeApiConfig } from '../model/runtime-config.js';
import type { Tool } from '../model/tool-model.js';
import { toLiteral } from './literal.js';
import { GENERATED_HEADER, literalRef, printSourceFile, type Statement } from './printer.js';
import { JsonTexts } from '../json-texts.js';
import { DefinitionTable, storedEntry, storedEntryJson } from './tool-data.js';
import { partIdentifier, toolParts } from './tool-parts.js';

const RUNTIME_DIR = new URL('../../templates/runtime/', import.meta.url);

const generated = (path: string, contents: string): GeneratedFile => ({ path, contents, owner: 'generator' });

/** The runtime shared by every generated server, copied verbatim from templates/runtime. */
export function emitRuntimeFiles(): GeneratedFile[] {
  return readdirSync(RUNTIME_DIR)
    .filter((f) => f.endsWith('.gen.ts'))
    .sort()
    .map((f) => generated(`src/runtime/${f}`, readFileSync(new URL(f, RUNTIME_DIR), 'utf8')));
}

function constStatement(name: string, type: string, literalIndex: number): Statement {
  return { kind: 'const', name, type, initializer: literalRef(literalIndex) };
}

function typeImport(names: string[], from: string): Statement {
  return { kind: 'import', typeOnly: true, names, from };
}

/** `src/config.gen.ts`: the run-time configuration as data. */
export function emitConfigFile(config: RuntimeApiConfig): GeneratedFile {
  const text = printSourceFile([typeImport(['ApiConfig'], './runtime/types.gen.js'), constStatement('config', 'ApiConfig', 0)], [toLiteral(config)]);
  return generated('src/config.gen.ts', text);
}

/**
 * Tool data as JSON: `data/tools/part-*.json` (one tool per line, see `jsonLinesFile`; the parts
 * of tool-parts.ts), each read by a small `src/tools/part-*.gen.ts`, and `src/tools/index.gen.ts`
 * joining them in tools/list order; the `$defs` definitions once each in
 * `data/tools/definitions.json` (see tool-data.ts), read by `src/tools/definitions.gen.ts`. Data as JSON instead of object literals: tsc never
 * type-checks megabytes of literals (GitHub's package builds in a fraction of the time, msgraph's
 * at all within reasonable memory), and the server starts faster, since JSON.parse is much faster
 * than compiling the same object literal. JSON text, not code: JSON.parse makes a `__proto__` key
 * an ordinary own property.
 */
export function emitToolFiles(tools: readonly Tool[], size?: ListSize, json: JsonTexts = new JsonTexts()): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  const parts: string[] = [];
  const table = new DefinitionTable().addTools(tools);
  for (const { name: part, start, end } of toolParts(tools.map((t) => t.definition.name))) {
    const chunk = tools.slice(start, end);
    parts.push(part);
    const lines = chunk.map((tool) => {
      const stored = storedEntry(tool, table);
      const line = storedEntryJson(tool, stored, json);
      if (size !== undefined) size.listLength += line.length + expandedLength(stored.definition.inputSchema, table) + expandedLength(stored.definition.outputSchema, table);
      return line;
    });
    files.push(jsonLinesFile(`data/tools/${part}.json`, lines));
    const statements: Statement[] = [
      { kind: 'import', names: ['readFileSync'], from: 'node:fs' },
      { kind: 'import', names: ['withDefinitions'], from: '../runtime/tool-data.gen.js' },
      typeImport(['ToolEntry'], '../runtime/types.gen.js'),
      { kind: 'import', names: ['definitions'], from: './definitions.gen.js' },
      {
        kind: 'const',
        name: 'tools',
        type: 'ToolEntry[]',
        docs: [`The tools read from data/tools/${part}.json, in tools/list order.`],
        initializer: `withDefinitions(JSON.parse(readFileSync(new URL(${JSON.stringify(`../../data/tools/${part}.json`)}, import.meta.url), "utf8")), definitions)`,
      },
    ];
    files.push(generated(`src/tools/${part}.gen.ts`, printSourceFile(statements)));
  }
  files.push(jsonLinesFile('data/tools/definitions.json', table.members(), '{}'));
  files.push(generated('src/tools/definitions.gen.ts', printSourceFile([
    { kind: 'import', names: ['readFileSync'], from: 'node:fs' },
    typeImport(['Definitions'], '../runtime/tool-data.gen.js'),
    {
      kind: 'const',
      name: 'definitions',
      type: 'Definitions',
      docs: ['The `$defs` definitions of every tool, each once by key, read from data/tools/definitions.json.'],
      initializer: `JSON.parse(readFileSync(new URL("../../data/tools/definitions.json", import.meta.url), "utf8"))`,
    },
  ])));
  const imports: Statement[] = parts.map((part) => ({ kind: 'import', names: [{ name: 'tools', alias: partIdentifier(part) }], from: `./${part}.gen.js` }));
  const index = printSourceFile([
    typeImport(['ToolEntry'], '../runtime/types.gen.js'),
    ...imports,
    { kind: 'const', name: 'tools', type: 'readonly ToolEntry[]', docs: ['Every tool, in tools/list order.'], initializer: `[${parts.map((part) => `...${partIdentifier(part)}`).join(', ')}]` },
  ]);
  files.push(generated('src/tools/index.gen.ts', index));
  return files;
}

/** Where emitToolFiles adds up how long the tools/list answer's JSON is (about: bindings included). */
export interface ListSize {
  listLength: number;
}

/** How much longer a stored schema's JSON gets with its definitions in place of their keys. */
function expandedLength(schema: { $defs?: unknown } | undefined, table: DefinitionTable): number {
  const defs = schema?.$defs;
  if (typeof defs !== 'object' || defs === null) return 0;
  let length = 0;
  for (const [name, key] of Object.entries(defs)) if (typeof key === 'string') length += table.textOf(key === '' ? name : key)!.length - JSON.stringify(key).length;
  return length;
}

/**
 * A JSON array with one element per line (`elements`: their JSON texts; `brackets` '{}': an object,
 * `elements` its `"key":value` members): regenerating shows one changed line per changed tool, and the file is half the size of indented JSON (GitHub: 8.6 MB
 * instead of 17 MB), which is time saved in every stage that touches it (stringify, hashing,
 * writing, the server's JSON.parse).
 *
 * The bytes are encoded line by line: one tool's non-ASCII character would make a joined string
 * two-byte as a whole, and encoding that is several times slower than encoding the ASCII lines
 * (GitHub's tool data: 53 -> 17 ms in a fresh process).
 */
export function jsonLinesFile(path: string, elements: readonly string[], brackets: '[]' | '{}' = '[]'): GeneratedFile {
  // The bytes of jsonLinesText(elements) + '\n', encoded line by line (see above).
  const [open, close] = brackets;
  const chunks: Buffer[] = [Buffer.from(elements.length === 0 ? `${brackets}\n` : `${open}\n`)];
  elements.forEach((element, i) => chunks.push(Buffer.from(i === 0 ? element : `,\n${element}`)));
  if (elements.length > 0) chunks.push(Buffer.from(`\n${close}\n`));
  const bytes = Buffer.concat(chunks);
  return {
    path,
    owner: 'generator',
    bytes,
    get contents(): string {
      return bytes.toString('utf8');
    },
  };
}

/** The JSON array of `elements` (each already JSON), one element per line: jsonLinesFile's format, as text. */
export function jsonLinesText(elements: readonly string[]): string {
  return elements.length === 0 ? '[]' : `[\n${elements.join(',\n')}\n]`;
}

/**
 * `src/main.ts`: the entry point (`node dist/main.js`), passing the user's `src/hooks.ts` to the
 * server, and for a tool manifest's package the user's handlers (`src/handlers.gen.ts`). It turns
 * on V8's compile cache first (runtime/compile-cache.gen.ts) and only then imports the rest, with
 * `import()`: static imports would all be compiled before the cache is on.
 */
export function emitMainFile(handlers = false): GeneratedFile {
  const modules: [string, string][] = [['config', './config.gen.js'], ...(handlers ? [['handlers', './handlers.gen.js'] as [string, string]] : []), ['hooks', './hooks.js'], ['main', './runtime/cli.gen.js'], ['catalog', './tools/catalog.gen.js']];
  const names = modules.map(([name]) => `{ ${name} }`).join(', ');
  const imports = modules.map(([, from]) => `import(${JSON.stringify(from)})`).join(', ');
  const text = printSourceFile([
    { kind: 'import', names: ['enableCompileCache', 'flushCompileCache'], from: './runtime/compile-cache.gen.js' },
    {
      kind: 'raw',
      text: [
        'enableCompileCache();',
        `const [${names}] = await Promise.all([${imports}]);`,
        '// The tool data is imported only when needed: dynamic mode answers tools/list without it.',
        'const tools = async () => (await import("./tools/index.gen.js")).tools;',
        `await main({ config, catalog, tools, hooks, ${handlers ? 'handlers, ' : ''}argv: process.argv.slice(2), env: process.env, packageJson: new URL("../package.json", import.meta.url) });`,
        '// What start-up compiled, written now: a server ended by a signal never writes it on exit.',
        'flushCompileCache();',
      ].join('\n'),
    },
  ], [], `#!/usr/bin/env node\n${GENERATED_HEADER}`);
  return generated('src/main.ts', text);
}

/**
 * `src/index.ts`: the package's entry (`import … from '<package>'`). Importing it starts nothing
 * and reads no tool data; `startServer` does what the bin does.
 */
export function emitIndexFile(handlers = false): GeneratedFile {
  const load = handlers
    ? `  const [{ main }, { catalog }, { hooks }, { handlers }] = await Promise.all([import("./runtime/cli.gen.js"), import("./tools/catalog.gen.js"), import("./hooks.js"), import("./handlers.gen.js")]);
  const tools = async () => (await import("./tools/index.gen.js")).tools;
  return main({ config, catalog, tools, hooks, handlers, argv, env, packageJson: new URL("../package.json", import.meta.url) });`
    : `  const [{ main }, { catalog }, { hooks }] = await Promise.all([import("./runtime/cli.gen.js"), import("./tools/catalog.gen.js"), import("./hooks.js")]);
  const tools = async () => (await import("./tools/index.gen.js")).tools;
  return main({ config, catalog, tools, hooks, argv, env, packageJson: new URL("../package.json", import.meta.url) });`;
  const text = `${GENERATED_HEADER}/**
 * This package's entry point. Importing it starts nothing: the server starts from the bin
 * (\`node dist/main.js\`) or from \`startServer(argv)\`, which takes the bin's arguments.
 */
import { config } from "./config.gen.js";
import type { Environment, RunningServer } from "./runtime/cli.gen.js";

export { config };
export type { RunningServer };

export async function startServer(argv: readonly string[] = [], env: Environment = process.env): Promise<RunningServer | undefined> {
${load}
}
`;
  return generated('src/index.ts', text);
}
