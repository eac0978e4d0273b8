/**
 * The generated server's command-line arguments: {@link parseArgs} turns argv into {@link CliArgs}
 * (every flag of `--help`, see usage.gen.ts), with the checks that need nothing else: a known flag,
 * a value where one is needed, a port number, an HTTP-only flag without `--http`. The tool
 * selection flags are collected as given and read by tool-selection.gen.ts with the environment;
 * a repeated `--toolsets` or `--tools` adds to the earlier ones (`--toolsets a --toolsets b` is
 * `--toolsets a,b`), as `--allowed-host` and `--env-file` do, rather than silently replacing them.
 */
import { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT } from './http.gen.js';
import { HOSTS, isHost, type Host } from './host-config.gen.js';
import { parseHostEntry } from './host-guard.gen.js';
import { isConfirmPolicy } from './human-in-the-loop.gen.js';
import { CONFIRM_POLICIES } from './input-gate.gen.js';
import { SELECTION_SWITCHES, SELECTION_VALUE_FLAGS } from './tool-selection.gen.js';

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
  /**
   * `--log json`: one JSON line per tool call on stderr (call-log.gen.ts). `--log debug`: a
   * handler's unexpected error is logged with its message and stack (for development: they may
   * hold secrets); the client still gets only the error's name.
   */
  log?: 'json' | 'debug';
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
      const earlier = flag === '--tools-mode' ? undefined : args.selection.get(flag);
      args.selection.set(flag, earlier === undefined ? value : `${earlier},${value}`);
    } else if (flag === '--port') {
      args.port = parsePort(value);
      portOrHost = flag;
    } else if (flag === '--host') {
      args.host = value;
      portOrHost = flag;
    } else if (flag === '--allowed-host') {
      args.allowedHosts.push(parseAllowedHost(value));
      portOrHost = flag;
    } else if (flag === '--confirm') {
      const policy = value.trim().toLowerCase();
      if (!isConfirmPolicy(policy)) throw new UsageError(`--confirm must be one of ${CONFIRM_POLICIES.join(', ')}, got ${JSON.stringify(value)}`);
      args.confirm = policy;
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
      if (value !== 'json' && value !== 'debug') throw new UsageError(`--log must be json or debug, got ${JSON.stringify(value)}`);
      args.log = value;
    } else {
      args.baseUrl = value;
    }
  }
  if (portOrHost !== undefined && !args.http && !args.help && !args.version) throw new UsageError(`${portOrHost} needs --http`);
  // The entry a host starts is a stdio server: an --http in it would be lost, so it is refused.
  if (args.hostConfig !== undefined && args.http && !args.help && !args.version) throw new UsageError('--host-config prints an entry that starts the server over stdio; leave out --http');
  return args;
}

/** An `--allowed-host` entry, refused at start when it is not a name or address with an optional `:PORT` (it would never match a request). */
function parseAllowedHost(text: string): string {
  if (parseHostEntry(text) === undefined) {
    throw new UsageError(`--allowed-host takes a host name or address, optionally with :PORT (e.g. mcp.example.com or mcp.example.com:8443), got ${JSON.stringify(text)}`);
  }
  return text;
}

function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port must be a number from 0 to 65535, got ${JSON.stringify(text)}`);
  return port;
}

