/**
 * The typed client in package files: the "Typed client" usage shown in a server package's README,
 * and the whole client-only package (`generate --client-only`): package.json, tsconfig.json,
 * .gitignore, README.md and the client files — no server, no runtime of it, one dependency.
 */
import type { GeneratedFile } from '../model/emit-plan.js';
import type { Tool, ToolModel } from '../model/tool-model.js';
import { clientMethodNames, emitClientFiles, type ClientPackageInfo } from './client-files.js';
import { typeNameOfMethod } from './client-types.js';
import { exampleArguments } from './example-arguments.js';
import { packageJsonFile } from './package-json.js';
import { markdownCell, oneLine, renderTemplate } from './templates.js';
import { GENERATED_DEPENDENCIES, GENERATED_DEV_DEPENDENCIES } from './versions.js';

/**
 * The usage block (code and notes) for a README. `connect` is the `const api = …` line(s) of the
 * example; it is our own text, built from the package name and environment variable names only.
 * `handlers`: the tools run handlers in the server (a manifest), no upstream API behind them.
 */
export function clientUsage(tools: readonly Tool[], importPath: string, connect: string, methods: readonly string[] = clientMethodNames(tools), handlers = false): string {
  // The first tool whose example shows arguments on one line (the rest are not looked at), else
  // the shortest that shows any, else one that needs none.
  const examples: (string | undefined)[] = [];
  let pick = -1;
  for (const t of tools) {
    const e = exampleArguments(t);
    examples.push(e);
    if (e !== undefined && e !== '' && !e.includes('\n')) {
      pick = examples.length - 1;
      break;
    }
  }
  if (pick === -1) {
    for (const [i, e] of examples.entries()) if (e !== undefined && e !== '' && (pick === -1 || e.length < examples[pick]!.length)) pick = i;
  }
  if (pick === -1) pick = Math.max(0, examples.indexOf(''));
  const tool = tools[pick];
  return renderTemplate('client-package/usage.md', {
    importPath,
    connectExample: connect,
    exampleMethod: tool === undefined ? 'someTool' : methods[pick],
    exampleArgs: tool === undefined ? '' : (examples[pick] ?? '{ /* … */ }'),
    handlers,
  }).trimEnd();
}

/** The generated description's start: a description that starts otherwise is the user's (package-json.ts). */
const CLIENT_DESCRIPTION = 'Typed MCP client for ';

/** The files of a package that holds only the typed client. */
export function emitClientOnlyPackage(model: ToolModel, info: ClientPackageInfo): GeneratedFile[] {
  const handlers = model.tools.some((t) => t.binding.kind === 'handler');
  const file = (path: string, contents: string): GeneratedFile => ({ path, contents, owner: 'generator' });
  const client = '@modelcontextprotocol/client';
  const methods = clientMethodNames(model.tools);
  return [
    packageJsonFile({
      name: info.name,
      version: info.version,
      description: oneLine(`${CLIENT_DESCRIPTION}${info.title}`),
      type: 'module',
      license: 'UNLICENSED',
      private: true,
      main: 'dist/client/index.js',
      types: 'dist/client/index.d.ts',
      exports: {
        '.': { types: './dist/client/index.d.ts', default: './dist/client/index.js' },
        './client': { types: './dist/client/index.d.ts', default: './dist/client/index.js' },
      },
      files: ['dist'],
      engines: { node: '>=20' },
      scripts: { build: 'tsc -p tsconfig.json' },
      dependencies: { [client]: GENERATED_DEPENDENCIES[client] },
      devDependencies: GENERATED_DEV_DEPENDENCIES,
    }, CLIENT_DESCRIPTION),
    file('tsconfig.json', renderTemplate('package/tsconfig.json', {})),
    file('.gitignore', renderTemplate('package/gitignore', {})),
    file('README.md', renderTemplate('client-package/README.md', {
      name: info.name,
      title: markdownCell(info.title),
      apiVersion: markdownCell(model.info.version),
      toolCount: model.tools.length,
      handlers,
      usage: clientUsage(model.tools, `${info.name}/client`, "const api = await createClient({ url: 'http://127.0.0.1:3000/mcp' });", methods, handlers),
      methods: model.tools.map((t, i) => ({
        method: methods[i],
        tool: t.definition.name,
        args: `${typeNameOfMethod(methods[i]!)}Args`,
        result: `${typeNameOfMethod(methods[i]!)}Result`,
      })),
    })),
    ...emitClientFiles(model.tools, info, 'own', methods),
  ];
}
