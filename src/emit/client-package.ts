/**
 * The typed client in package files: the "Typed client" usage shown in a server package's README,
 * and the whole client-only package (`generate --client-only`): package.json, tsconfig.json,
 * .gitignore, README.md and the client files — no server, no runtime of it, one dependency.
 */
import type { GeneratedFile } from '../model/emit-plan.js';
import type { JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';
import type { Tool, ToolModel } from '../model/tool-model.js';
import { clientMethodNames, emitClientFiles, type ClientPackageInfo } from './client-files.js';
import { typeNameOfMethod } from './client-types.js';
import { packageJsonFile } from './package-json.js';
import { markdownCell, oneLine, renderTemplate } from './templates.js';
import { GENERATED_DEPENDENCIES, GENERATED_DEV_DEPENDENCIES } from './versions.js';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `{ petId: 1 }`: placeholder values for a tool's required arguments, or undefined when a name would need quoting. */
export function exampleArguments(tool: Tool): string | undefined {
  const schema = tool.definition.inputSchema;
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  if (required.length === 0) return '';
  if (!required.every((name) => IDENTIFIER.test(name))) return undefined;
  const props = isSchemaObject(schema.properties) ? schema.properties : {};
  const value = (s: unknown): string => {
    const type = isSchemaObject(s) ? (s as JsonSchemaObject).type : undefined;
    const t = Array.isArray(type) ? type[0] : type;
    if (t === 'integer' || t === 'number') return '1';
    if (t === 'boolean') return 'true';
    if (t === 'array') return '[]';
    if (t === 'object' || (isSchemaObject(s) && s.$ref !== undefined)) return '{}';
    return "'…'";
  };
  return `{ ${required.map((name) => `${name}: ${value(Object.hasOwn(props, name) ? props[name] : undefined)}`).join(', ')} }`;
}

/**
 * The usage block (code and notes) for a README. `connect` is the `const api = …` line(s) of the
 * example; it is our own text, built from the package name and environment variable names only.
 */
export function clientUsage(tools: readonly Tool[], importPath: string, connect: string, methods: readonly string[] = clientMethodNames(tools)): string {
  // Prefer a tool with required arguments (the example then shows them), then any without quoting.
  let pick = tools.findIndex((t) => (exampleArguments(t) ?? '') !== '');
  if (pick === -1) pick = Math.max(0, tools.findIndex((t) => exampleArguments(t) !== undefined));
  const tool = tools[pick];
  return renderTemplate('client-package/usage.md', {
    importPath,
    connectExample: connect,
    exampleMethod: tool === undefined ? 'someTool' : methods[pick],
    exampleArgs: tool === undefined ? '' : (exampleArguments(tool) ?? '{ /* … */ }'),
  }).trimEnd();
}

/** The generated description's start: a description that starts otherwise is the user's (package-json.ts). */
const CLIENT_DESCRIPTION = 'Typed MCP client for ';

/** The files of a package that holds only the typed client. */
export function emitClientOnlyPackage(model: ToolModel, info: ClientPackageInfo): GeneratedFile[] {
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
      usage: clientUsage(model.tools, `${info.name}/client`, "const api = await createClient({ url: 'http://127.0.0.1:3000/mcp' });", methods),
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
