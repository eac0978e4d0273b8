/**
 * The generated server's command line: `node dist/main.js` serves MCP over stdio;
 * `--http [--port N] [--host H]` serves Streamable HTTP at /mcp instead; `--base-url URL` overrides
 * the upstream base URL; `--toolsets`, `--tools`, `--read-only`, `--list-toolsets` and
 * `--tools-mode` choose the tools (tool-selection.gen.ts). `main` applies the user's per-tool
 * overrides (`hooks.tools`), selects the tools, builds everything derived from their definitions
 * once (in dynamic mode, on first use: dynamic-tools.gen.ts), wires the tool caller (base URL,
 * timeout, credentials cache, output validators, the user's hooks: upstream-caller.gen.ts) and
 * starts the transport. The arguments are parsed by cli-args.gen.ts.
 * Messages go to stderr: on stdio, stdout carries only the protocol.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServerFactory } from '@modelcontextprotocol/server';
import { unsetCredentials } from './auth.gen.js';
import { BaseUrlError, resolveBaseUrl } from './base-url.gen.js';
import { withCallLog } from './call-log.gen.js';
import { parseArgs, UsageError, type CliArgs } from './cli-args.gen.js';
import { EnvFileError, loadEnvFiles } from './env-file.gen.js';
import { credentialRoutes, describeCredentialHosts } from './credential-hosts.gen.js';
import { createDynamicServerFactory } from './dynamic-tools.gen.js';
import { checkHooks, type Hooks } from './hooks.gen.js';
import { createHandlerCaller, type HandlerTable } from './handler-call.gen.js';
import { EndpointAuthError } from './endpoint-auth.gen.js';
import { endpointVariables, oauthGiven, resolveEndpointAuth, startScopes } from './endpoint-config.gen.js';
import { listenFailure, serveHttp, WILDCARD_HOSTS, type RunningHttpServer } from './http.gen.js';
import { hostConfig, serverFlags } from './host-config.gen.js';
import { readPackageInfo, userAgent, type PackageInfo } from './package-info.gen.js';
import { createServerFactory, type Logger, type ServerFactoryOptions } from './server.gen.js';
import { confirmPolicy, ConfirmPolicyError, createGating } from './human-in-the-loop.gen.js';
import { StateKeyError } from './request-state.gen.js';
import { startStdio } from './stdio.gen.js';
import { selectByScopes, toolScopes } from './tool-scopes.gen.js';
import { buildCatalog, buildSearchIndex, catalogTool, createSearch, loadStoredSearchIndexAsync, type CatalogTool } from './search-core.gen.js';
import { applyToolOverrides, type OverriddenTools } from './tool-overrides.gen.js';
import { budgetReason, emptySelection, modeForSelection, SelectionError, selectionRequest, selectTools, toolCount, toolsetTable, type SelectionRequest, type ToolCatalog } from './tool-selection.gen.js';
import { buildToolTable, type ToolTableOptions } from './tool-table.gen.js';
import type { ApiConfig, CredentialRoute, ToolEntry } from './types.gen.js';
import { createUpstreamCaller, upstreamBaseUrls } from './upstream-caller.gen.js';
import { printable, usage } from './usage.gen.js';
export { usage } from './usage.gen.js';

export type Environment = Record<string, string | undefined>;

export interface MainOptions {
  config: ApiConfig;
  /** The tools, or how to load them (dynamic mode loads them only when a tool is described or called). */
  tools: readonly ToolEntry[] | (() => Promise<readonly ToolEntry[]>);
  /** The stored catalog and search index (data/tools); default: built from `tools` at start. */
  catalog?: ToolCatalog;
  /** The user's hooks (src/hooks.ts); see hooks.gen.ts. */
  hooks?: Hooks;
  /** A package from a tool manifest: the user's handlers (src/handlers.gen.ts); see handler-call.gen.ts. */
  handlers?: HandlerTable;
  /** Arguments after the script name; default `process.argv.slice(2)`. */
  argv?: readonly string[];
  /** Default `process.env`. `.env` and `--env-file` add the variables it does not have (env-file.gen.ts). */
  env?: Environment;
  /** Where `.env` is looked for; default the working directory. */
  cwd?: string;
  /** tools/list paging; see tool-table.gen.ts. */
  list?: ToolTableOptions;
  /** Where --help goes; default stdout. */
  out?: (text: string) => void;
  /** Where messages go; default stderr. */
  log?: Logger;
  /** Default: sets `process.exitCode`. */
  setExitCode?: (code: number) => void;
  /** Close the HTTP server and exit on SIGINT/SIGTERM; default true. */
  handleSignals?: boolean;
  /** The package's package.json, for `--version` and the user agent; default: the config's name and version. */
  packageJson?: URL;
}

export interface RunningServer {
  transport: 'stdio' | 'http';
  /** The MCP endpoint, for HTTP. */
  url?: string;
  close(): Promise<void>;
}

/** Runs the server as the command line says. Resolves once it serves (or after --help/an error). */
export async function main(options: MainOptions): Promise<RunningServer | undefined> {
  const { config } = options;
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const out = options.out ?? ((text: string) => process.stdout.write(text));
  const setExitCode = options.setExitCode ?? ((code: number) => void (process.exitCode = code));
  const name = printable(config.name);
  const pkg: PackageInfo = readPackageInfo(options.packageJson, { name: config.name, version: config.version });

  let args: CliArgs;
  let request: SelectionRequest;
  try {
    args = parseArgs(options.argv ?? process.argv.slice(2));
    if (args.log === 'debug' && options.handlers === undefined) throw new UsageError('--log debug is for packages whose tools have handlers; use --log json');
    if (!args.help && !args.version) {
      const read = loadEnvFiles(env, args.envFiles, options.cwd);
      for (const warning of read.warnings) log(`${name}: ${printable(warning)}`);
      if (read.files.length > 0) log(`${name}: read ${printable(read.files.join(', '))} (${read.set} variable${read.set === 1 ? '' : 's'} set)`);
    }
    request = selectionRequest(args.selection, env, config);
    if (args.baseUrl !== undefined) resolveBaseUrl(config.servers, env, config.env, args.baseUrl); // checks it
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof BaseUrlError || error instanceof EnvFileError || error instanceof SelectionError)) throw error;
    log(`${name}: ${error.message}. Try --help.`);
    setExitCode(2);
    return undefined;
  }
  const loadEntries = once(async () => (typeof options.tools === 'function' ? options.tools() : options.tools));
  const stored: ToolCatalog = options.catalog ?? buildCatalog(await loadEntries(), () => 'default');
  if (args.help) {
    out(usage(config, stored.tools.length, options.handlers !== undefined));
    return undefined;
  }
  if (args.version) {
    out(`${printable(pkg.name)} ${printable(pkg.version)}\n`);
    return undefined;
  }

  const served: ApiConfig = { ...config, version: pkg.version };
  // Until the selection is known (modeForSelection below): --tools-mode, else the package's mode.
  let mode = request.toolsMode ?? config.toolsMode ?? 'static';
  for (const warning of checkHooks(options.hooks)) log(`${name}: ${warning}`);
  // Overrides rename and re-describe tools: applied before selecting, so --tools takes the new names.
  const overrides = options.hooks?.tools;
  // Scopes (--scopes, OAuth on the HTTP endpoint) read every tool's scopes: then the entries load now.
  const scopesRead = args.scopes !== undefined || (env[endpointVariables(config).scopes] ?? '') !== '' || (args.http && oauthGiven(args, env, config));
  const overriddenNow = (mode === 'static' && args.hostConfig === undefined) || scopesRead || (overrides !== undefined && Object.keys(overrides).length > 0);
  const applyOverrides = once(async () => {
    const result = applyToolOverrides(await loadEntries(), overrides);
    for (const warning of result.warnings) log(`${name}: ${warning}`);
    return result;
  });
  const overridden: OverriddenTools | undefined = overriddenNow ? await applyOverrides() : undefined;
  const catalog = overridden === undefined ? stored : { toolsets: stored.toolsets, tools: overridden.tools.map((entry, i) => withTokens(catalogTool(entry, stored.tools[i]!.toolset), stored.tools[i]!.tokens)) };
  // --list-toolsets shows the selection a start would serve (--scopes applied), and serves nothing.
  const listing = args.selection.has('--list-toolsets') && args.hostConfig === undefined;
  let positions: number[];
  let gate: ServerFactoryOptions['gate'];
  try {
    positions = selectTools(catalog, request);
    // Nothing to serve is a mistake to name, not a server to start (--list-toolsets shows it: 0 of N).
    const empty = listing ? undefined : emptySelection(catalog, request, positions);
    if (empty !== undefined) throw new SelectionError(empty);
    gate = createGating({
      config,
      env,
      policy: confirmPolicy(config, env, args.confirm),
      baseUrlFor: upstreamBaseUrls(config, env, args.baseUrl),
      ...(typeof options.hooks?.confirm === 'function' ? { confirm: options.hooks.confirm.bind(options.hooks) } : {}),
    });
  } catch (error) {
    if (!(error instanceof SelectionError || error instanceof ConfirmPolicyError || error instanceof StateKeyError)) throw error;
    log(`${name}: ${error.message}`);
    setExitCode(2);
    return undefined;
  }
  // --scopes and the HTTP endpoint's authentication (its tools' scopes matter only with OAuth: loaded above then).
  let endpoint: Awaited<ReturnType<typeof resolveEndpointAuth>> = {};
  if (overridden !== undefined || (args.http && !listing)) {
    try {
      if (overridden !== undefined) {
        const allowed = new Set(selectByScopes(overridden.tools, startScopes(args, env, config, overridden.tools)));
        const selected = positions.length;
        positions = positions.filter((i) => allowed.has(overridden.tools[i]!));
        if (selected > 0 && positions.length === 0 && !listing) throw new EndpointAuthError(`${args.scopes !== undefined ? '--scopes' : endpointVariables(config).scopes} leaves none of the selected tools (each needs another scope)`);
      }
      if (args.http && !listing) endpoint = await resolveEndpointAuth(args, env, config, overridden === undefined ? [] : positions.map((i) => overridden.tools[i]!), args.host);
    } catch (error) {
      if (!(error instanceof EndpointAuthError)) throw error;
      log(`${name}: ${printable(error.message)}`);
      setExitCode(2);
      return undefined;
    }
  }
  if (listing) {
    out(toolsetTable(catalog, positions, request.toolsMode === undefined ? config : undefined));
    return undefined;
  }
  // The entry a host needs to start this very server: printed once the selection is known to serve tools.
  if (args.hostConfig !== undefined) {
    const mainFile = options.packageJson !== undefined ? fileURLToPath(new URL('dist/main.js', options.packageJson)) : resolve(process.argv[1] ?? 'dist/main.js');
    out(hostConfig(args.hostConfig, config, mainFile, serverFlags(args, options.cwd)));
    return undefined;
  }
  // A package that starts dynamic because its whole list is over the budget serves a selection that fits it statically.
  if (request.toolsMode === undefined) mode = modeForSelection(config, catalog, positions, positions.length < toolCount(catalog));
  // The list varies by token under OAuth: shared caches must not keep one caller's list for another.
  const listOptions = endpoint.auth?.oauth !== undefined ? { ...options.list, cacheScope: 'private' as const } : options.list;
  const serve = once(async () => {
    const tools = await applyOverrides();
    const table = buildToolTable(positions.map((i) => tools.tools[i]!), listOptions);
    const callTool = options.handlers !== undefined
      ? createHandlerCaller({ handlers: options.handlers, outputValidators: table.outputValidators, generatedNames: tools.generatedNames, name, log, debug: args.log === 'debug' })
      : createUpstreamCaller(config, env, args.baseUrl, table.outputValidators, log, {
        ...(options.hooks !== undefined ? { hooks: options.hooks } : {}),
        generatedNames: tools.generatedNames,
        log,
        userAgent: userAgent(pkg),
      });
    return { table, callTool: args.log === 'json' ? withCallLog(callTool, log) : callTool };
  });
  const extendServer = options.hooks?.extendServer;
  const extend = typeof extendServer === 'function' ? { extend: extendServer.bind(options.hooks) } : {};
  let factory: McpServerFactory;
  let routes: readonly CredentialRoute[];
  if (mode === 'static') {
    const { table, callTool } = await serve();
    factory = createServerFactory(served, table, callTool, { log, gate, ...extend });
    routes = credentialRoutes(table.all.map((tool) => tool.entry));
  } else {
    // Unless loaded for scopes or overrides, the tools are not loaded yet: the package's routes then (all its tools').
    routes = overridden !== undefined ? credentialRoutes(positions.map((i) => overridden.tools[i]!)) : (config.credentialRoutes ?? []);
    // Loaded from the package's data once the first tools/list is answered (warm), or by the first search_tools.
    const searcher = once(async () => createSearch(stored.searchIndex !== undefined ? await loadStoredSearchIndexAsync(stored.searchIndex()) : buildSearchIndex(await loadEntries(), stored), stored));
    const warm = (): void => void searcher().catch(() => undefined); // a failure is reported by search_tools
    const search = async (query: string, limit: number, allowed: (position: number) => boolean) => (await searcher())(query, limit, allowed);
    // With OAuth the entries are loaded at start (scopesRead), so its requests can be limited to their token's scopes.
    const scopes = overridden !== undefined ? { scopes: (i: number) => toolScopes(overridden.tools[i]!) } : {};
    const cacheScope = listOptions?.cacheScope !== undefined ? { cacheScope: listOptions.cacheScope } : {};
    factory = createDynamicServerFactory({ config: served, catalog, positions, search, warm, served: serve, log, gate, ...scopes, ...cacheScope, ...extend });
  }
  const credentialHosts = describeCredentialHosts(config, routes, env, args.baseUrl);
  if (credentialHosts !== undefined) log(`${name}: credentials are sent to ${printable(credentialHosts)}`);
  const unset = typeof options.hooks?.auth === 'function' ? undefined : unsetCredentials(config.credentials, routes.flatMap((route) => route.schemes), env);
  if (unset !== undefined) log(`${name}: no credentials are set, so calls that need them fail (set ${printable(unset)})`);
  const what = `${name} ${printable(pkg.version)}`;
  const reason = mode === 'dynamic' && request.toolsMode === undefined ? budgetReason(config, catalog, positions, mode) : undefined;
  const count = `${positions.length} tool${positions.length === 1 ? '' : 's'}${mode === 'dynamic' ? ` behind search_tools, describe_tools and call_tool (dynamic mode${reason !== undefined ? `: ${reason}` : ''})` : ''}`;

  if (!args.http) {
    const handle = startStdio(factory, { log });
    log(`${what}: MCP over stdio, ${count}`);
    return { transport: 'stdio', close: () => handle.close() };
  }
  if (endpoint.warning !== undefined) log(`${name}: ${endpoint.warning}`);
  const { auth } = endpoint;
  let server: RunningHttpServer;
  try {
    // The OAuth audience is this server's public URL: its host (with its port when it names one) is a name the server answers to.
    const allowedHosts = auth?.oauth !== undefined ? [...args.allowedHosts, new URL(auth.oauth.audience).host] : args.allowedHosts;
    server = await serveHttp(factory, { host: args.host, port: args.port, allowedHosts, log, noAuth: args.noAuth, ...(auth !== undefined ? { auth } : {}) });
  } catch (error) {
    log(`${name}: cannot listen on ${printable(args.host)}:${args.port}: ${listenFailure(error, args.port)}`);
    setExitCode(1);
    return undefined;
  }
  // The URL shown for 0.0.0.0 is the local one (it works); say that every interface listens too.
  const everywhere = WILDCARD_HOSTS.has(args.host) ? ` (bound to ${args.host}: every network interface of this machine)` : '';
  log(`${what}: MCP over Streamable HTTP at ${server.url}${everywhere}, ${count}, ${auth === undefined ? 'no authentication' : printable(auth.description)}`);
  const running: RunningServer = { transport: 'http', url: server.url, close: () => server.close() };
  if (options.handleSignals ?? true) {
    const stop = (): void => void running.close().finally(() => process.exit());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  return running;
}

/** The catalog tool with the generator's token count (counted before the user's overrides, which change only texts). */
function withTokens(tool: CatalogTool, tokens: number | undefined): CatalogTool {
  return tokens === undefined ? tool : { ...tool, tokens };
}

/** `load` run once, on first use; every caller gets the same promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= load());
}

