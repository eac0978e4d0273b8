/**
 * The generated server's command line: `node dist/main.js` serves MCP over stdio;
 * `--http [--port N] [--host H]` serves Streamable HTTP at /mcp instead; `--base-url URL` overrides
 * the upstream base URL. `main` applies the user's per-tool overrides (`hooks.tools`), builds
 * everything derived from the tool definitions once, wires the tool caller (base URL, timeout,
 * credentials cache, output validators, the user's hooks) and starts the transport.
 * Messages go to stderr: on stdio, stdout carries only the protocol.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createToolCaller, DEFAULT_TIMEOUT_MS, type ToolCaller, type ToolCallerDeps } from './call-tool.gen.js';
import { BaseUrlError, resolveBaseUrl } from './base-url.gen.js';
import { withCallLog } from './call-log.gen.js';
import { EnvFileError, loadEnvFiles } from './env-file.gen.js';
import { DEFAULT_RETRY_BUDGET_MS, retryBudgetFrom } from './retry.gen.js';
import { limitConcurrency } from './call-limit.gen.js';
import { describeCredentialHosts } from './credential-hosts.gen.js';
import { checkHooks, type Hooks } from './hooks.gen.js';
import { createHandlerCaller, type HandlerTable } from './handler-call.gen.js';
import { EndpointAuthError } from './endpoint-auth.gen.js';
import { endpointVariables, resolveEndpointAuth, startScopes } from './endpoint-config.gen.js';
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
import { applyToolOverrides } from './tool-overrides.gen.js';
import { selectByScopes } from './tool-scopes.gen.js';
import { buildToolTable, type ToolTableOptions } from './tool-table.gen.js';
import type { ApiConfig, ToolEntry } from './types.gen.js';

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
}

/** A command-line mistake: one line on stderr and exit code 2, no stack. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface MainOptions {
  config: ApiConfig;
  tools: readonly ToolEntry[];
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
  const args: CliArgs = { http: false, port: DEFAULT_HTTP_PORT, host: DEFAULT_HTTP_HOST, allowedHosts: [], envFiles: [], noAuth: false, help: false, version: false };
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
    if (flag === '--http' || flag === '--no-auth') {
      if (eq !== -1) throw new UsageError(`${flag} takes no value`);
      if (flag === '--http') args.http = true;
      else {
        args.noAuth = true;
        portOrHost = flag;
      }
      continue;
    }
    if (!VALUE_FLAGS.has(flag)) throw new UsageError(`unknown argument ${JSON.stringify(arg)}`);
    const value = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
    if (flag === '--port') {
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
  try {
    args = parseArgs(options.argv ?? process.argv.slice(2));
    if (!args.help && !args.version) {
      const read = loadEnvFiles(env, args.envFiles, options.cwd);
      for (const warning of read.warnings) log(`${name}: ${printable(warning)}`);
      if (read.files.length > 0) log(`${name}: read ${printable(read.files.join(', '))} (${read.set} variable${read.set === 1 ? '' : 's'} set)`);
    }
    if (args.baseUrl !== undefined) resolveBaseUrl(config.servers, env, config.env, args.baseUrl); // checks it
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof BaseUrlError || error instanceof EnvFileError)) throw error;
    log(`${name}: ${error.message}. Try --help.`);
    setExitCode(2);
    return undefined;
  }
  if (args.help) {
    out(usage(config, options.tools.length, options.handlers !== undefined));
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

  const overridden = applyToolOverrides(options.tools, options.hooks?.tools);
  for (const warning of [...checkHooks(options.hooks), ...overridden.warnings]) log(`${name}: ${warning}`);
  let served: readonly ToolEntry[];
  let endpoint: Awaited<ReturnType<typeof resolveEndpointAuth>> = {};
  try {
    served = selectByScopes(overridden.tools, startScopes(args, env, config, overridden.tools));
    if (args.http) endpoint = await resolveEndpointAuth(args, env, config, served, args.host);
  } catch (error) {
    if (!(error instanceof EndpointAuthError)) throw error;
    log(`${name}: ${printable(error.message)}`);
    setExitCode(2);
    return undefined;
  }
  // The list varies by token under OAuth: shared caches must not keep one caller's list for another.
  const listOptions = endpoint.auth?.oauth !== undefined ? { ...options.list, cacheScope: 'private' as const } : options.list;
  const table = buildToolTable(served, listOptions);
  const callTool = options.handlers !== undefined
    ? createHandlerCaller({ handlers: options.handlers, outputValidators: table.outputValidators, generatedNames: overridden.generatedNames, name, log })
    : toolCaller(config, env, args.baseUrl, table.outputValidators, log, {
      ...(options.hooks !== undefined ? { hooks: options.hooks } : {}),
      generatedNames: overridden.generatedNames,
      log,
      userAgent: userAgent(pkg),
    });
  let gate: ServerFactoryOptions['gate'];
  try {
    gate = createGating({
      config,
      env,
      policy: confirmPolicy(config, env, args.confirm),
      baseUrlFor: upstreamBaseUrls(config, env, args.baseUrl),
      ...(typeof options.hooks?.confirm === 'function' ? { confirm: options.hooks.confirm.bind(options.hooks) } : {}),
    });
  } catch (error) {
    if (!(error instanceof ConfirmPolicyError || error instanceof StateKeyError)) throw error;
    log(`${name}: ${error.message}`);
    setExitCode(2);
    return undefined;
  }
  const extendServer = options.hooks?.extendServer;
  const factory = createServerFactory({ ...config, version: pkg.version }, table, args.log === 'json' ? withCallLog(callTool, log) : callTool, {
    log,
    gate,
    ...(typeof extendServer === 'function' ? { extend: extendServer.bind(options.hooks) } : {}),
  });
  const credentialHosts = describeCredentialHosts(config, overridden.tools, env, args.baseUrl);
  if (credentialHosts !== undefined) log(`${name}: credentials are sent to ${printable(credentialHosts)}`);
  const what = `${name} ${printable(pkg.version)}`;
  const count = `${table.all.length} tool${table.all.length === 1 ? '' : 's'}`;

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

/** `handlers`: a tool manifest's package, which calls no upstream (no base URL, timeout or credentials). */
export function usage(config: ApiConfig, toolCount: number, handlers = false): string {
  const e = config.env;
  const m = endpointVariables(config);
  const server = config.servers[0]?.url;
  const gate: [string, string][] = [
    [e.confirm, `when to ask the user before a call: destructive, writes or none (default ${config.confirm})`],
    [e.stateKey, 'secret (32+ characters) protecting the state of calls that ask the user (default: random per process)'],
  ];
  const variables: [string, string][] = handlers ? gate : [
    [e.baseUrl, `upstream base URL (default: ${server === undefined ? 'none, required' : printable(server)})`],
    [e.timeoutMs, `upstream request timeout in ms (default ${DEFAULT_TIMEOUT_MS})`],
    ...(e.retryBudgetMs !== undefined ? [[e.retryBudgetMs, `time a call may wait for rate limits, in ms (default ${DEFAULT_RETRY_BUDGET_MS})`] as [string, string]] : []),
    ...gate,
    ...Object.entries(e.serverVariables).map(([variable, envName]): [string, string] => [envName, `server variable {${printable(variable)}}`]),
    [m.token, 'bearer tokens accepted on the HTTP endpoint (comma-separated; needed for a non-loopback --host)'],
    ...credentialVariables(config),
  ];
  const width = Math.max(0, ...variables.map(([envName]) => envName.length));
  return [
    `Usage: ${printable(config.name)} [--http [--port N] [--host H]]${handlers ? '' : ' [--base-url URL]'} [--env-file PATH] [--scopes LIST]`,
    '',
    `MCP server for ${printable(config.title)} ${printable(config.version)} (${toolCount} tools). Serves stdio unless --http is given.`,
    '',
    'Options:',
    '  --http              serve Streamable HTTP at http://HOST:PORT/mcp',
    `  --port N            HTTP port (default ${DEFAULT_HTTP_PORT})`,
    `  --host H            HTTP interface to bind (default ${DEFAULT_HTTP_HOST})`,
    '  --allowed-host H    also accept H in Host/Origin headers (repeatable; for --host 0.0.0.0)',
    `  --oauth-issuer URL  accept OAuth access tokens (JWT) from this issuer (or ${m.oauthIssuer})`,
    `  --oauth-audience U  ...issued for this URI, the server's public URL (or ${m.oauthAudience})`,
    '  --no-auth           serve a non-loopback --host without authentication (warned at every start)',
    `  --scopes LIST       serve only tools these scopes allow, e.g. read (or ${m.scopes})`,
    ...(handlers ? [] : [`  --base-url URL      upstream base URL (overrides ${e.baseUrl})`]),
    `  --confirm POLICY    ask the user before destructive calls, all writes, or none (default ${config.confirm}; overrides ${e.confirm})`,
    '  --env-file PATH     read variables from PATH (repeatable), then from .env; set ones win',
    '  --host-config HOST  print the config entry for HOST (claude-desktop, cursor, vscode, inspector)',
    '  --log json          one JSON line per tool call on stderr (tool, method, path, status, duration, retries)',
    '  -v, --version       print the package name and version',
    '  -h, --help          show this help',
    '',
    ...(variables.length > 0 ? ['Environment:', ...variables.map(([envName, text]) => `  ${envName.padEnd(width)}  ${text}`), ''] : []),
  ].join('\n');
}

function credentialVariables(config: ApiConfig): [string, string][] {
  const rows: [string, string][] = [];
  for (const [scheme, source] of Object.entries(config.credentials)) {
    const label = printable(scheme);
    if (source.type === 'unsupported') continue;
    for (const [field, envName] of Object.entries(source.env)) rows.push([envName, `${label}: ${field}`]);
  }
  return rows;
}

/** Spec-derived text for a terminal: control characters (escape sequences) become '?'. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '?');
}
