import type { GeneratedFile } from '../model/emit-plan.js';
import { credentialHosts } from '../map/credential-hosts.js';
import { credentialChoice } from './credential-choice.js';
import type { ToolModel } from '../model/tool-model.js';
import { readOnlySelection } from '../report/cost-summary.js';
import { formatTokens, groupThousands, type ToolListCost } from '../report/token-cost.js';
import type { ApiConfigResult, CredentialHint } from './api-config.js';
import { clientMethodNames } from './client-files.js';
import { clientUsage } from './client-package.js';
import { handlerPath } from './handler-files.js';
import { packageJsonFile } from './package-json.js';
import { binName } from './package-naming.js';
import { codeCell, markdownCell, oneLine, renderTemplate } from './templates.js';
import type { ToolCatalogData } from '../shared/search-core.gen.js';
import type { ToolsModeDecision } from './tools-mode.js';
import { GENERATED_DEPENDENCIES, GENERATED_DEV_DEPENDENCIES } from './versions.js';

/** The generated description's start: a description that starts otherwise is the user's (package-json.ts). */
const SERVER_DESCRIPTION = 'MCP server for ';

/** A word for a sh command line: single-quoted unless it is plain. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_.,\/-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * package.json, tsconfig.json, README.md, .env.example and .gitignore from their templates.
 * `tools.methods`: the client's method names, when the caller has them already.
 */
export function emitStaticFiles(model: ToolModel, api: ApiConfigResult, tools: { catalog: ToolCatalogData; mode: ToolsModeDecision; methods?: readonly string[]; credentialHint?: CredentialHint | undefined }, cost?: ToolListCost): GeneratedFile[] {
  const { config } = api;
  const { catalog, mode } = tools;
  const largest = [...catalog.toolsets].sort((a, b) => b.tools - a.tools || (a.name < b.name ? -1 : 1));
  // A tool manifest's package calls no upstream: its base URL, timeout and retry variables do not apply.
  const handlers = model.tools.some((t) => t.binding.kind === 'handler');
  const upstreamOnly = new Set([config.env.baseUrl, config.env.timeoutMs, config.env.retryBudgetMs]);
  // The API's credentials first (README table, .env.example): what every user fills in, and not to
  // be taken for the endpoint's <PREFIX>MCP_TOKEN further down.
  const listed = api.variables.filter((v) => !handlers || !upstreamOnly.has(v.name));
  const variables = [...listed.filter((v) => v.credential), ...listed.filter((v) => !v.credential)].map((v) => ({ name: v.name, description: oneLine(v.description) }));
  const secretEnv: Record<string, string> = {};
  for (const v of api.variables) if (v.credential) secretEnv[v.name] = '...';
  const serverName = binName(config.name);
  const methods = tools.methods ?? clientMethodNames(model.tools);
  // The README's tools table, one line per tool, as text: a template loop over a thousand rows
  // (GitHub) was most of rendering the README. Each row brings its line break and the placeholder
  // ends the template, so the bytes are what the loop wrote, with no tools too.
  const toolRows = model.tools.map((tool, i) => {
    const props = (tool.definition.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const headers = Object.values(props)
      .map((p) => p['x-mcp-header'])
      .filter((h): h is string => typeof h === 'string')
      .map((h) => `\`${codeCell(`Mcp-Param-${h}`)}\``)
      .join(', ');
    const b = tool.binding.kind === 'http' ? tool.binding : undefined;
    const path = b !== undefined ? codeCell(b.path) : handlerPath(tool.definition.name);
    const name = `\`${tool.definition.name}\``;
    const client = `\`${methods[i]}\``;
    return `${handlers ? `| ${name} | \`${path}\`` : `| ${name} | ${b?.method ?? ''} | \`${path}\``} | ${headers} | ${client} |\n`;
  });
  const file = (path: string, contents: string): GeneratedFile => ({ path, contents, owner: 'generator' });
  return [
    packageJsonFile({
      name: config.name,
      version: config.version,
      description: oneLine(`${SERVER_DESCRIPTION}${config.title}`),
      type: 'module',
      license: 'UNLICENSED',
      private: true,
      bin: { [serverName]: 'dist/main.js' },
      // The package's entry starts nothing (the bin does): see code-files.ts emitIndexFile.
      main: 'dist/index.js',
      types: 'dist/index.d.ts',
      exports: {
        '.': { types: './dist/index.d.ts', default: './dist/index.js' },
        './client': { types: './dist/client/index.d.ts', default: './dist/client/index.js' },
      },
      files: ['dist', 'data'],
      engines: { node: '>=20' },
      scripts: { build: 'tsc -p tsconfig.json', start: 'node dist/main.js' },
      dependencies: GENERATED_DEPENDENCIES,
      devDependencies: GENERATED_DEV_DEPENDENCIES,
    }, SERVER_DESCRIPTION),
    file('tsconfig.json', renderTemplate('package/tsconfig.json', {})),
    file('.gitignore', renderTemplate('package/gitignore', {})),
    file('.env.example', renderTemplate('package/env.example', { name: config.name, variables })),
    file('README.md', renderTemplate(handlers ? 'package/README-handlers.md' : 'package/README.md', {
      name: config.name,
      serverName,
      title: markdownCell(config.title),
      apiVersion: markdownCell(model.info.version),
      toolCount: model.tools.length,
      confirm: config.confirm,
      confirmVariable: config.env.confirm ?? '',
      stateKeyVariable: config.env.stateKey ?? '',
      mcpTokenVariable: config.env.mcp?.token ?? '',
      defaultBaseUrl: model.servers[0] ? `\`${codeCell(model.servers[0].url)}\`` : 'nothing (set the base URL variable or pass --base-url)',
      variables: variables.map((v) => ({ name: v.name, description: markdownCell(v.description) })),
      credentialNote: credentialNote(tools.credentialHint),
      credentialChoice: credentialChoice(model, config.credentials),
      credentialHosts: credentialHosts(model).map((h) => ({ host: codeCell(h.host), reasons: markdownCell(h.reasons.join('; ')) })),
      clientUsage: clientUsage(model.tools, `${config.name}/client`, [
        `// This package's server over stdio (it sees only PATH, HOME … plus env):`,
        `const api = await createClient({ command: 'node', args: [${JSON.stringify(`node_modules/${config.name}/dist/main.js`)}], env: ${JSON.stringify(secretEnv)} });`,
        `// or, with \`node dist/main.js --http\` running: await createClient({ url: 'http://127.0.0.1:3000/mcp' })`,
      ].join('\n'), methods, handlers),
      costSection: cost === undefined ? '' : costSection(cost),
      toolRows: toolRows.join(''),
      toolsMode: mode.mode,
      toolsModeReason: markdownCell(mode.reason),
      selectionNote: mode.mode === 'dynamic' && config.toolsBudget !== undefined ? selectionNote(config.toolsBudget, cost) : '',
      otherMode: mode.mode === 'static' ? 'dynamic' : 'static',
      toolsModeEnv: config.env.toolsMode ?? '',
      toolsetCount: catalog.toolsets.length,
      toolsetsExample: toolsetsExample(largest.map((set) => set.name), mode.mode === 'dynamic' ? config.toolsBudget : undefined, cost),
      toolsExample: shellWord(catalog.tools.slice(0, 2).map((tool) => tool.name).join(',')),
    })),
  ];
}

/**
 * Under the README's environment table when the spec declares no credentials (GitHub's): the table
 * lists none, and without this a reader would not know the package can be given one.
 */
function credentialNote(hint: CredentialHint | undefined): string {
  if (hint === undefined) return '';
  const { options, variable } = hint;
  return [
    'The OpenAPI spec declares no credentials, so the server calls the API without any (no',
    '`Authorization` header, no API key) and the table above lists none for it. To send a token,',
    `regenerate the package with \`${options}\` added to the`,
    `\`openapi-mcp generate\` command (in a config file: \`"auth": "bearer", "authEnv": ["${variable}"]\`);`,
    `the server then reads \`${variable}\` and sends it as \`Authorization: Bearer <token>\`.`,
    "openapi-mcp's `docs/upstream-credentials.md` has the other kinds (basic, API keys, OAuth2 client",
    'credentials).',
    '',
    '',
  ].join('\n');
}

/**
 * The README's `--toolsets` example: the two largest toolsets (`names`, largest first). In a package
 * that starts dynamic over its `budget`, the largest ones that fit it together, with what they cost:
 * GitHub's two largest (repos, actions: 116 k tokens) would start dynamic too, unlike what a reader
 * of "choose tools at start" expects.
 */
function toolsetsExample(names: readonly string[], budget: number | undefined, cost: ToolListCost | undefined): string {
  const sets = cost?.toolsets;
  if (budget === undefined || sets === undefined) return shellWord(names.slice(0, 2).join(','));
  const wrapper = cost!.tokens - sets.reduce((n, set) => n + set.tokens, 0);
  const chosen: { name: string; tools: number; tokens: number }[] = [];
  let tokens = wrapper;
  for (const name of names) {
    const set = sets.find((t) => t.name === name);
    if (set === undefined || tokens + set.tokens > budget) continue;
    chosen.push(set);
    tokens += set.tokens;
    if (chosen.length === 2) break;
  }
  if (chosen.length === 0) return shellWord(names.slice(0, 2).join(','));
  const command = `node dist/main.js --toolsets ${shellWord(chosen.map((set) => set.name).join(','))}`;
  const tools = chosen.reduce((n, set) => n + set.tools, 0);
  const note = `# ${tools} tool${tools === 1 ? '' : 's'}, ${groupThousands(tokens)} tokens: within the budget, so static mode`;
  return `${shellWord(chosen.map((set) => set.name).join(','))}${' '.repeat(Math.max(1, 50 - command.length))}${note}`;
}

/** For a package that starts dynamic over the budget: a narrower selection that fits is served statically. */
function selectionNote(budget: number, cost: ToolListCost | undefined): string {
  const readOnly = cost === undefined ? undefined : readOnlySelection(cost, budget);
  const example = readOnly === undefined ? '' : ` \`--read-only\` is one: ${readOnly.tools} tools, ${groupThousands(readOnly.tokens)} tokens.`;
  return ` Started with a selection of tools that costs at most ${groupThousands(budget)} tokens (\`--list-toolsets\` shows what each toolset costs), it serves them in static mode instead.${example}`;
}

/** The README's "What the tools cost a model" section: the total and one row per toolset. */
export function costSection(cost: ToolListCost): string {
  const rows = (cost.toolsets ?? []).map((t) => `| ${markdownCell(t.name)} | ${t.tools} | ${groupThousands(t.tokens)} |`);
  return [
    '## What the tools cost a model',
    '',
    `The whole \`tools/list\` answer is ${groupThousands(cost.tokens)} tokens (${cost.tokenizer}; other models' tokenizers differ by a few percent):`,
    `input schemas ${formatTokens(cost.inputSchema)}, output schemas ${formatTokens(cost.outputSchema)}, descriptions ${formatTokens(cost.descriptions)}; the median tool costs ${groupThousands(cost.median)}.`,
    'Per toolset (the first OpenAPI tag of each operation, else the first segment of its path):',
    '',
    '| toolset | tools | tokens |',
    '| --- | --- | --- |',
    ...rows,
    '',
    '',
  ].join('\n');
}
