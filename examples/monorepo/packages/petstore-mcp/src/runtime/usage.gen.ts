/** The generated server's `--help` text. */
import { DEFAULT_TIMEOUT_MS } from './call-tool.gen.js';
import { DEFAULT_RETRY_BUDGET_MS } from './retry.gen.js';
import { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT } from './http.gen.js';
import { endpointVariables } from './endpoint-config.gen.js';
import type { ApiConfig } from './types.gen.js';

export function usage(config: ApiConfig, toolCount: number, handlers = false): string {
  const e = config.env;
  const m = endpointVariables(config);
  const server = config.servers[0]?.url;
  const gate: [string, string][] = [
    [e.confirm, `when to ask the user before a call: destructive, writes or none (default ${config.confirm})`],
    [e.stateKey, 'secret (32+ characters) protecting the state of calls that ask the user (default: random per process)'],
  ];
  // The API's credentials first: what every user sets (and not to be taken for the endpoint's <PREFIX>MCP_TOKEN).
  const variables: [string, string][] = handlers ? [...gate, ...selectionVariables(config)] : [
    ...credentialVariables(config),
    [e.baseUrl, `upstream base URL (default: ${server === undefined ? 'none, required' : printable(server)})`],
    [e.timeoutMs, `upstream request timeout in ms (default ${DEFAULT_TIMEOUT_MS})`],
    ...(e.retryBudgetMs !== undefined ? [[e.retryBudgetMs, `time a call may wait for rate limits, in ms (default ${DEFAULT_RETRY_BUDGET_MS})`] as [string, string]] : []),
    ...gate,
    ...selectionVariables(config),
    ...Object.entries(e.serverVariables).map(([variable, envName]): [string, string] => [envName, `server variable {${printable(variable)}}`]),
    [m.token, 'bearer tokens accepted on the HTTP endpoint (comma-separated; needed for a non-loopback --host)'],
  ];
  const width = Math.max(0, ...variables.map(([envName]) => envName.length));
  return [
    `Usage: ${printable(config.name)} [--http [--port N] [--host H]]${handlers ? '' : ' [--base-url URL]'} [--env-file PATH] [--scopes LIST] [--toolsets A,B] [--tools N,M] [--read-only] [--tools-mode static|dynamic]`,
    '',
    `MCP server for ${printable(config.title)} (${printable(config.name)} ${printable(config.version)}, ${toolCount} tools). Serves stdio unless --http is given.`,
    '',
    'Options:',
    '  --http              serve Streamable HTTP at http://HOST:PORT/mcp',
    `  --port N            HTTP port (default ${DEFAULT_HTTP_PORT})`,
    `  --host H            HTTP interface to bind (default ${DEFAULT_HTTP_HOST})`,
    '  --allowed-host H    also accept H, any port, or H:PORT in Host/Origin headers (repeatable; for --host 0.0.0.0)',
    `  --oauth-issuer URL  accept OAuth access tokens (JWT) from this issuer (or ${m.oauthIssuer})`,
    `  --oauth-audience U  ...issued for this URI, the server's public URL (or ${m.oauthAudience})`,
    '  --no-auth           serve a non-loopback --host without authentication (warned at every start)',
    `  --scopes LIST       serve only tools these scopes allow, e.g. read (or ${m.scopes})`,
    ...(handlers ? [] : [`  --base-url URL      upstream base URL (overrides ${e.baseUrl})`]),
    `  --confirm POLICY    ask the user before destructive calls, all writes, or none (default ${config.confirm}; overrides ${e.confirm})`,
    '  --env-file PATH     read variables from PATH (repeatable), then from .env; set ones win',
    '  --host-config HOST  print the config entry for HOST (claude-desktop, cursor, vscode, inspector), with the other flags given',
    '  --log json          one JSON line per tool call on stderr (tool, method, path, status, duration, retries)',
    ...(handlers ? ['  --log debug         log the stack of an error a handler throws (for development: it may hold secrets)'] : []),
    '  --toolsets A,B      only the tools of these toolsets (OpenAPI tags; see --list-toolsets)',
    '  --tools N,M         only these tools (with --toolsets: those too)',
    '  --read-only         only tools annotated readOnlyHint: true',
    '  --list-toolsets     print the toolsets with their tool counts and tokens, and exit',
    `  --tools-mode M      static (every tool in tools/list) or dynamic (search_tools, describe_tools, call_tool); default ${defaultMode(config)}`,
    '  -v, --version       print the package name and version',
    '  -h, --help          show this help',
    '',
    ...(variables.length > 0 ? ['Environment:', ...variables.map(([envName, text]) => `  ${envName.padEnd(width)}  ${text}`), ''] : []),
  ].join('\n');
}

/** The --tools-mode default as --help says it. */
function defaultMode(config: ApiConfig): string {
  const mode = config.toolsMode ?? 'static';
  if (mode === 'dynamic' && config.toolsBudget !== undefined) return `dynamic, or static for a selection of at most ${config.toolsBudget} tokens`;
  return mode;
}

const CREDENTIAL_FIELDS: Record<string, string> = { value: 'API key', clientId: 'OAuth client ID', clientSecret: 'OAuth client secret', tokenUrl: 'OAuth token URL', username: 'user name' };

function credentialVariables(config: ApiConfig): [string, string][] {
  const rows: [string, string][] = [];
  for (const [scheme, source] of Object.entries(config.credentials)) {
    const label = printable(scheme);
    if (source.type === 'unsupported') continue;
    for (const [field, envName] of Object.entries(source.env)) rows.push([envName, `the API's ${Object.hasOwn(CREDENTIAL_FIELDS, field) ? CREDENTIAL_FIELDS[field] : field} (security scheme ${label})`]);
  }
  return rows;
}

function selectionVariables(config: ApiConfig): [string, string][] {
  const e = config.env;
  const rows: [string | undefined, string][] = [[e.toolsets, 'as --toolsets'], [e.tools, 'as --tools'], [e.readOnly, 'true: as --read-only'], [e.toolsMode, 'as --tools-mode']];
  return rows.filter((row): row is [string, string] => row[0] !== undefined);
}

/** Spec-derived text for a terminal: control characters (escape sequences) become '?'. */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '?');
}
