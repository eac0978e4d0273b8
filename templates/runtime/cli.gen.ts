/**
 * The generated server's command line: `node dist/main.js` serves MCP over stdio;
 * `--http [--port N] [--host H]` serves Streamable HTTP at /mcp instead; `--base-url URL` overrides
 * the upstream base URL; `--toolsets`, `--tools`, `--read-only`, `--list-toolsets` and
 * `--tools-mode` choose the tools (tool-selection.gen.ts). `main` applies the user's per-tool
 * overrides (`hooks.tools`), selects the tools, builds everything derived from their definitions
 * once (in dynamic mode, on first use: dynamic-tools.gen.ts), wires the tool caller (base URL,
 * timeout, credentials cache, output validators, the user's hooks) and starts the transport.
 * Messages go to stderr: on stdio, stdout carries only the protocol.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServerFactory } from '@modelcontextprotocol/server';
import { createToolCaller, DEFAULT_TIMEOUT_MS, type ToolCaller, type ToolCallerDeps } from './call-tool.gen.js';
import { BaseUrlError, resolveBaseUrl } from './base-url.gen.js';
import { withCallLog } from './call-log.gen.js';
import { EnvFileError, loadEnvFiles } from './env-file.gen.js';
import { DEFAULT_RETRY_BUDGET_MS, retryBudgetFrom } from './retry.gen.js';
import { limitConcurrency } from './call-limit.gen.js';
import { describeCredentialHosts } from './credential-hosts.gen.js';
import { createDynamicServerFactory } from './dynamic-tools.gen.js';
import { checkHooks, type Hooks } from './hooks.gen.js';
import { createHandlerCaller, type HandlerTable } from './handler-call.gen.js';
import { EndpointAuthError } from './endpoint-auth.gen.js';
import { endpointVariables, oauthGiven, resolveEndpointAuth, startScopes } from './endpoint-config.gen.js';
import { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT, serveHttp, type RunningHttpServer } from './http.gen.js';
import { hostConfig, HOSTS, isHost, type Host } from './host-config.gen.js';
import { TokenCache } from './oauth-token.gen.js';
import { readPackageInfo, userAgent, type PackageInfo } from './package-info.gen.js';
import { errorResult } from './result.gen.js';
import { createServerFactory, describeError, type Logger, type ServerFactoryOptions } from './server.gen.js';
import { confirmPolicy, ConfirmPolicyError, createGating, isConfirmPolicy } from './human-in-the-loop.gen.js';
import { CONFIRM_POLICIES } from './input-gate.gen.js';
import { StateKeyError } from './request-state.gen.js';
import { startStdio } from './stdio.gen.js';
import { selectByScopes, toolScopes } from './tool-scopes.gen.js';
import { buildCatalog, buildSearchIndex, catalogTool, createSearch, loadSearchIndexAsync } from './search-core.gen.js';
import { applyToolOverrides, type OverriddenTools } from './tool-overrides.gen.js';
import {
  SELECTION_SWITCHES,
  SELECTION_VALUE_FLAGS,
  SelectionError,
  selectionRequest,
  selectTools,
  toolsetTable,
  type SelectionRequest,
  type ToolCatalog,
} from './tool-selection.gen.js';
import { buildToolTable, type ToolTableOptions } from './tool-table.gen.js';
import type { ApiConfig, ToolEntry } from './types.gen.js';
import { printable, usage } from './usage.gen.js';

export { usage } from './usage.gen.js';

export type Environment = Record<string, string | undefined>;

export interface CliArgs {
  http: boolean;
  port: number;
  host: string;
  /** Extra host names accepted in Host/Origin (for a server bound to a public interface). */
  allowedHosts: string[];
  baseUrl?: string;
  /** `--confirm destructive|writes|none` (input-gate.gen.ts); else `<PREFIX>CONFIRM`, else the generated default. */
  confirm?: string;
  /** `--env-file` files, read before `.env` (env-file.gen.ts). */
  envFiles: string[];
  /** Serve only the tools these scopes allow (comma-separated). */
  scopes?: string;
  oauthIssuer?: string;
  oauthAudience?: string;
  /** Serve a non-loopback address without authentication. */
  noAuth: boolean;
  /** `--log json`: one JSON line per tool call on stderr (call-log.gen.ts). */
  log?: 'json';
  help: boolean;
  version: boolean;
  /** `--host-config <host>`: print the host's config entry for this server and exit. */
  hostConfig?: Host;
  /** Tool selection flags given (tool-selection.gen.ts): flag → value, '' for a switch. */
  selection: Map<string, string>;
}

/** A command-line mistake: one line on stderr and exit code 2, no stack. */
export class UsageError extends Error {
  override name = 'UsageError';
}

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

const VALUE_FLAGS = new Set(['--port', '--host', '--base-url', '--allowed-host', '--confirm', '--env-file', '--scopes', '--oauth-issuer', '--oauth-audience', '--host-config', '--log']);

export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { http: false, port: DEFAULT_HTTP_PORT, host: DEFAULT_HTTP_HOST, allowedHosts: [], envFiles: [], noAuth: false, help: false, version: false, selection: new Map() };
  let portOrHost: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (flag === '--help' || flag === '-h') {
      args.help = true;
      continue;
    }
    if (flag === '--version' || flag === '-v') {
      args.version = true;
      continue;
    }
    if (flag === '--http' || flag === '--no-auth' || SELECTION_SWITCHES.has(flag)) {
      if (eq !== -1) throw new UsageError(`${flag} takes no value`);
      if (flag === '--http') args.http = true;
      else if (flag === '--no-auth') {
        args.noAuth = true;
        portOrHost = flag;
      } else args.selection.set(flag, '');
      continue;
    }
    if (!VALUE_FLAGS.has(flag) && !SELECTION_VALUE_FLAGS.has(flag)) throw new UsageError(`unknown argument ${JSON.stringify(arg)}`);
    const value = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
    if (SELECTION_VALUE_FLAGS.has(flag)) {
      args.selection.set(flag, value);
    } else if (flag === '--port') {
      args.port = parsePort(value);
      portOrHost = flag;
    } else if (flag === '--host') {
      args.host = value;
      portOrHost = flag;
    } else if (flag === '--allowed-host') {
      args.allowedHosts.push(value);
      portOrHost = flag;
    } else if (flag === '--confirm') {
      if (!isConfirmPolicy(value)) throw new UsageError(`--confirm must be one of ${CONFIRM_POLICIES.join(', ')}, got ${JSON.stringify(value)}`);
      args.confirm = value;
    } else if (flag === '--env-file') {
      args.envFiles.push(value);
    } else if (flag === '--scopes') {
      args.scopes = value;
    } else if (flag === '--oauth-issuer' || flag === '--oauth-audience') {
      args[flag === '--oauth-issuer' ? 'oauthIssuer' : 'oauthAudience'] = value;
      portOrHost = flag;
    } else if (flag === '--host-config') {
      if (!isHost(value)) throw new UsageError(`--host-config takes one of ${HOSTS.join(', ')}, got ${JSON.stringify(value)}`);
      args.hostConfig = value;
    } else if (flag === '--log') {
      if (value !== 'json') throw new UsageError(`--log must be json, got ${JSON.stringify(value)}`);
      args.log = value;
    } else {
      args.baseUrl = value;
    }
  }
  if (portOrHost !== undefined && !args.http && !args.help && !args.version) throw new UsageError(`${portOrHost} needs --http`);
  return args;
}

function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port must be a number from 0 to 65535, got ${JSON.stringify(text)}`);
  return port;
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
  if (args.hostConfig !== undefined) {
    const mainFile = options.packageJson !== undefined ? fileURLToPath(new URL('dist/main.js', options.packageJson)) : resolve(process.argv[1] ?? 'dist/main.js');
    out(hostConfig(args.hostConfig, config, mainFile));
    return undefined;
  }

  const served: ApiConfig = { ...config, version: pkg.version };
  const mode = request.toolsMode ?? config.toolsMode ?? 'static';
  for (const warning of checkHooks(options.hooks)) log(`${name}: ${warning}`);
  // Overrides rename and re-describe tools: applied before selecting, so --tools takes the new names.
  const overrides = options.hooks?.tools;
  // Scopes (--scopes, OAuth on the HTTP endpoint) read every tool's scopes: then the entries load now.
  const scopesRead = args.scopes !== undefined || (env[endpointVariables(config).scopes] ?? '') !== '' || (args.http && oauthGiven(args, env, config));
  const overriddenNow = mode === 'static' || scopesRead || (overrides !== undefined && Object.keys(overrides).length > 0);
  const applyOverrides = once(async () => {
    const result = applyToolOverrides(await loadEntries(), overrides);
    for (const warning of result.warnings) log(`${name}: ${warning}`);
    return result;
  });
  const overridden: OverriddenTools | undefined = overriddenNow ? await applyOverrides() : undefined;
  const catalog = overridden === undefined ? stored : { toolsets: stored.toolsets, tools: overridden.tools.map((entry, i) => catalogTool(entry, stored.tools[i]!.toolset)) };
  let positions: number[];
  let gate: ServerFactoryOptions['gate'];
  try {
    positions = selectTools(catalog, request);
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
  if (args.selection.has('--list-toolsets')) {
    out(toolsetTable(catalog, positions));
    return undefined;
  }
  // --scopes and the HTTP endpoint's authentication (its tools' scopes matter only with OAuth: loaded above then).
  let endpoint: Awaited<ReturnType<typeof resolveEndpointAuth>> = {};
  if (overridden !== undefined || args.http) {
    try {
      if (overridden !== undefined) {
        const allowed = new Set(selectByScopes(overridden.tools, startScopes(args, env, config, overridden.tools)));
        positions = positions.filter((i) => allowed.has(overridden.tools[i]!));
      }
      if (args.http) endpoint = await resolveEndpointAuth(args, env, config, overridden === undefined ? [] : positions.map((i) => overridden.tools[i]!), args.host);
    } catch (error) {
      if (!(error instanceof EndpointAuthError)) throw error;
      log(`${name}: ${printable(error.message)}`);
      setExitCode(2);
      return undefined;
    }
  }
  // The list varies by token under OAuth: shared caches must not keep one caller's list for another.
  const listOptions = endpoint.auth?.oauth !== undefined ? { ...options.list, cacheScope: 'private' as const } : options.list;
  const serve = once(async () => {
    const tools = await applyOverrides();
    const table = buildToolTable(positions.map((i) => tools.tools[i]!), listOptions);
    const callTool = options.handlers !== undefined
      ? createHandlerCaller({ handlers: options.handlers, outputValidators: table.outputValidators, generatedNames: tools.generatedNames, name, log })
      : toolCaller(config, env, args.baseUrl, table.outputValidators, log, {
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
  if (mode === 'static') {
    const { table, callTool } = await serve();
    factory = createServerFactory(served, table, callTool, { log, gate, ...extend });
    const credentialHosts = describeCredentialHosts(config, table.all.map((tool) => tool.entry), env, args.baseUrl);
    if (credentialHosts !== undefined) log(`${name}: credentials are sent to ${printable(credentialHosts)}`);
  } else {
    // Loaded from the package's data once the first tools/list is answered (warm), or by the first search_tools.
    const searcher = once(async () => createSearch(stored.searchIndex !== undefined ? await loadSearchIndexAsync(stored.searchIndex()) : buildSearchIndex(await loadEntries(), stored), stored));
    const warm = (): void => void searcher().catch(() => undefined); // a failure is reported by search_tools
    const search = async (query: string, limit: number, allowed: (position: number) => boolean) => (await searcher())(query, limit, allowed);
    // With OAuth the entries are loaded at start (scopesRead), so its requests can be limited to their token's scopes.
    const scopes = overridden !== undefined ? { scopes: (i: number) => toolScopes(overridden.tools[i]!) } : {};
    const cacheScope = listOptions?.cacheScope !== undefined ? { cacheScope: listOptions.cacheScope } : {};
    factory = createDynamicServerFactory({ config: served, catalog, positions, search, warm, served: serve, log, gate, ...scopes, ...cacheScope, ...extend });
  }
  const what = `${name} ${printable(pkg.version)}`;
  const count = `${positions.length} tool${positions.length === 1 ? '' : 's'}${mode === 'dynamic' ? ' behind search_tools, describe_tools and call_tool (dynamic mode)' : ''}`;

  if (!args.http) {
    const handle = startStdio(factory, { log });
    log(`${what}: MCP over stdio, ${count}`);
    return { transport: 'stdio', close: () => handle.close() };
  }
  if (endpoint.warning !== undefined) log(`${name}: ${endpoint.warning}`);
  const { auth } = endpoint;
  let server: RunningHttpServer;
  try {
    server = await serveHttp(factory, { host: args.host, port: args.port, allowedHosts: args.allowedHosts, log, noAuth: args.noAuth, ...(auth !== undefined ? { auth } : {}) });
  } catch (error) {
    log(`${name}: cannot listen on ${printable(args.host)}:${args.port}: ${describeError(error)}`);
    setExitCode(1);
    return undefined;
  }
  log(`${what}: MCP over Streamable HTTP at ${server.url}, ${count}, ${auth === undefined ? 'no authentication' : printable(auth.description)}`);
  const running: RunningServer = { transport: 'http', url: server.url, close: () => server.close() };
  if (options.handleSignals ?? true) {
    const stop = (): void => void running.close().finally(() => process.exit());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  return running;
}

/** `load` run once, on first use; every caller gets the same promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= load());
}

/**
 * The real tool caller. A base URL problem (a relative server URL, a bad environment value) does
 * not stop the server: tools/list still works and every call answers with what to configure.
 */
function toolCaller(
  config: ApiConfig,
  env: Environment,
  override: string | undefined,
  outputValidators: ReadonlyMap<string, (value: unknown) => string | undefined>,
  log: Logger,
  user: Pick<ToolCallerDeps, 'hooks' | 'generatedNames' | 'log' | 'userAgent'>,
): ToolCaller {
  let baseUrl: string;
  try {
    baseUrl = resolveBaseUrl(config.servers, env, config.env, override);
  } catch (error) {
    if (!(error instanceof BaseUrlError)) throw error;
    const text = `No upstream base URL: ${error.message}`;
    log(`${printable(config.name)}: ${text}; every tool call will fail until it is set`);
    return async () => errorResult(text, 'request');
  }
  return limitConcurrency(createToolCaller({
    config,
    baseUrl,
    baseUrlFor: operationBaseUrls(config, env, override, baseUrl),
    env,
    timeoutMs: timeoutFrom(config, env, log),
    retryBudgetMs: retryBudgetFrom(config.env.retryBudgetMs, env, (line) => log(`${printable(config.name)}: ${line}`)),
    tokens: new TokenCache(),
    outputValidators,
    ...user,
  }));
}

/** Where each tool's calls go (for confirmation messages); `undefined` per tool when no base URL resolves. */
function upstreamBaseUrls(config: ApiConfig, env: Environment, override: string | undefined): (entry: ToolEntry) => string | undefined {
  let baseUrl: string;
  try {
    baseUrl = resolveBaseUrl(config.servers, env, config.env, override);
  } catch {
    return () => undefined;
  }
  return operationBaseUrls(config, env, override, baseUrl);
}

/**
 * Operations that declare their own servers (e.g. an upload host) go there, unless the user set
 * the base URL explicitly (--base-url or the environment), which then applies to every tool. An
 * operation server that cannot be resolved (relative URL) falls back to the API's base URL.
 */
function operationBaseUrls(config: ApiConfig, env: Environment, override: string | undefined, baseUrl: string): (entry: ToolEntry) => string {
  const explicit = (override ?? '') !== '' || (env[config.env.baseUrl] ?? '') !== '';
  const cache = new Map<ToolEntry, string>();
  return (entry) => {
    const servers = entry.binding.kind === 'http' ? entry.binding.servers : undefined;
    if (explicit || servers === undefined || servers.length === 0) return baseUrl;
    let url = cache.get(entry);
    if (url === undefined) {
      try {
        url = resolveBaseUrl(servers, env, config.env);
      } catch {
        url = baseUrl;
      }
      cache.set(entry, url);
    }
    return url;
  };
}

function timeoutFrom(config: ApiConfig, env: Environment, log: Logger): number {
  const text = env[config.env.timeoutMs];
  if (text === undefined || text === '') return DEFAULT_TIMEOUT_MS;
  const ms = /^\d+$/.test(text) ? Number(text) : NaN;
  if (Number.isSafeInteger(ms) && ms > 0) return ms;
  log(`${printable(config.name)}: ${config.env.timeoutMs} must be a positive number of milliseconds; using ${DEFAULT_TIMEOUT_MS}`);
  return DEFAULT_TIMEOUT_MS;
}
