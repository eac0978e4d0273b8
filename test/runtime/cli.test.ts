import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { parseArgs, type CliArgs } from '../../templates/runtime/cli-args.gen.js';
import { main, usage, type RunningServer } from '../../templates/runtime/cli.gen.js';
import { buildCatalog, buildSearchIndex } from '../../templates/runtime/search-core.gen.js';
import type { ApiConfig } from '../../templates/runtime/types.gen.js';
import { useUpstream } from './items-upstream.js';
import { fixtureConfig, upstreamTools } from './server-fixtures.js';

const defaults: CliArgs = { http: false, port: 3000, host: '127.0.0.1', allowedHosts: [], envFiles: [], noAuth: false, help: false, version: false, selection: new Map() };

describe('parseArgs', () => {
  const cases: { name: string; given: string[]; want: CliArgs }[] = [
    { name: 'nothing: stdio', given: [], want: defaults },
    { name: '--http', given: ['--http'], want: { ...defaults, http: true } },
    { name: '--version', given: ['--version'], want: { ...defaults, version: true } },
    { name: '-v', given: ['-v'], want: { ...defaults, version: true } },
    { name: '--host-config', given: ['--host-config', 'vscode'], want: { ...defaults, hostConfig: 'vscode' } },
    { name: '--port and --host', given: ['--http', '--port', '8080', '--host', '0.0.0.0'], want: { ...defaults, http: true, port: 8080, host: '0.0.0.0' } },
    { name: '--flag=value', given: ['--http', '--port=0', '--host=::1'], want: { ...defaults, http: true, port: 0, host: '::1' } },
    { name: '--allowed-host, repeated', given: ['--http', '--allowed-host', 'a.test', '--allowed-host=b.test'], want: { ...defaults, http: true, allowedHosts: ['a.test', 'b.test'] } },
    { name: '--allowed-host with ports and addresses', given: ['--http', '--allowed-host=a.test:8443', '--allowed-host', '10.0.0.5', '--allowed-host', '::1', '--allowed-host', '[fe80::1]:3000'], want: { ...defaults, http: true, allowedHosts: ['a.test:8443', '10.0.0.5', '::1', '[fe80::1]:3000'] } },
    { name: '--base-url with stdio', given: ['--base-url', 'https://api.test/v1'], want: { ...defaults, baseUrl: 'https://api.test/v1' } },
    { name: '--log json', given: ['--log', 'json'], want: { ...defaults, log: 'json' } },
    { name: '--env-file, repeated, with stdio', given: ['--env-file', 'a.env', '--env-file=b.env'], want: { ...defaults, envFiles: ['a.env', 'b.env'] } },
    { name: '--help', given: ['--help'], want: { ...defaults, help: true } },
    { name: '-h with other flags', given: ['--port', '1', '-h'], want: { ...defaults, port: 1, help: true } },
    {
      name: 'tool selection flags',
      given: ['--toolsets', 'a,b', '--tools=x', '--read-only', '--tools-mode', 'dynamic', '--list-toolsets'],
      want: { ...defaults, selection: new Map([['--toolsets', 'a,b'], ['--tools', 'x'], ['--read-only', ''], ['--tools-mode', 'dynamic'], ['--list-toolsets', '']]) },
    },
    {
      name: 'repeated --toolsets and --tools add up; a repeated --tools-mode: the last',
      given: ['--toolsets', 'pulls', '--tools=a', '--toolsets', 'issues', '--tools', 'b,c', '--tools-mode', 'static', '--tools-mode', 'dynamic'],
      want: { ...defaults, selection: new Map([['--toolsets', 'pulls,issues'], ['--tools', 'a,b,c'], ['--tools-mode', 'dynamic']]) },
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(parseArgs(given)).toEqual(want));
  }

  const errors: { name: string; given: string[]; want: string }[] = [
    { name: 'unknown flag', given: ['--stdio'], want: 'unknown argument "--stdio"' },
    { name: 'positional argument', given: ['serve'], want: 'unknown argument "serve"' },
    { name: 'missing value', given: ['--http', '--port'], want: '--port needs a value' },
    { name: 'empty value', given: ['--base-url='], want: '--base-url needs a value' },
    { name: 'non-numeric port', given: ['--http', '--port', 'http'], want: '--port must be a number from 0 to 65535, got "http"' },
    { name: 'port out of range', given: ['--http', '--port', '65536'], want: '--port must be a number from 0 to 65535, got "65536"' },
    { name: 'negative port', given: ['--http', '--port=-1'], want: '--port must be a number from 0 to 65535, got "-1"' },
    { name: '--port without --http', given: ['--port', '8080'], want: '--port needs --http' },
    { name: '--allowed-host as a URL', given: ['--http', '--allowed-host', 'https://mcp.example.com'], want: '--allowed-host takes a host name or address, optionally with :PORT (e.g. mcp.example.com or mcp.example.com:8443), got "https://mcp.example.com"' },
    { name: '--allowed-host with a path', given: ['--http', '--allowed-host', 'mcp.example.com/mcp'], want: '--allowed-host takes a host name or address, optionally with :PORT (e.g. mcp.example.com or mcp.example.com:8443), got "mcp.example.com/mcp"' },
    { name: '--allowed-host with a user', given: ['--http', '--allowed-host', 'me@mcp.example.com'], want: '--allowed-host takes a host name or address, optionally with :PORT (e.g. mcp.example.com or mcp.example.com:8443), got "me@mcp.example.com"' },
    { name: '--allowed-host with a port out of range', given: ['--http', '--allowed-host', 'mcp.example.com:70000'], want: '--allowed-host takes a host name or address, optionally with :PORT (e.g. mcp.example.com or mcp.example.com:8443), got "mcp.example.com:70000"' },
    { name: '--allowed-host with a space', given: ['--http', '--allowed-host', 'mcp example.com'], want: '--allowed-host takes a host name or address, optionally with :PORT (e.g. mcp.example.com or mcp.example.com:8443), got "mcp example.com"' },
    { name: '--host without --http', given: ['--host', '0.0.0.0'], want: '--host needs --http' },
    { name: '--http with a value', given: ['--http=yes'], want: '--http takes no value' },
    { name: 'an unknown --log format', given: ['--log', 'text'], want: '--log must be json or debug, got "text"' },
    { name: '--host-config with --http', given: ['--host-config', 'cursor', '--http'], want: '--host-config prints an entry that starts the server over stdio; leave out --http' },
  ];
  for (const { name, given, want } of errors) {
    it(`refuses ${name}`, () => expect(() => parseArgs(given)).toThrow(want));
  }
});

describe('usage', () => {
  it('lists the options and every environment variable', () => {
    const config: ApiConfig = {
      ...fixtureConfig,
      title: 'Fixture\u001b[31m API',
      servers: [{ url: 'https://{region}.api.test/v1', variables: { region: { default: 'eu' } } }],
      credentials: {
        bearer: { type: 'http-bearer', env: { token: 'FIXTURE_API_TOKEN' } },
        basic: { type: 'http-basic', env: { username: 'FIXTURE_API_USERNAME', password: 'FIXTURE_API_PASSWORD' } },
        mtls: { type: 'unsupported', reason: 'mutualTLS' },
      },
      env: { ...fixtureConfig.env, serverVariables: { region: 'FIXTURE_API_REGION' } },
    };
    expect(usage(config, 12)).toBe(
      [
        'Usage: fixture-api-mcp [--http [--port N] [--host H]] [--base-url URL] [--env-file PATH] [--scopes LIST] [--toolsets A,B] [--tools N,M] [--read-only] [--tools-mode static|dynamic]',
        '',
        'MCP server for Fixture?[31m API (fixture-api-mcp 1.2.3, 12 tools). Serves stdio unless --http is given.',
        '',
        'Options:',
        '  --http              serve Streamable HTTP at http://HOST:PORT/mcp',
        '  --port N            HTTP port (default 3000)',
        '  --host H            HTTP interface to bind (default 127.0.0.1)',
        '  --allowed-host H    also accept H, any port, or H:PORT in Host/Origin headers (repeatable; for --host 0.0.0.0)',
        '  --oauth-issuer URL  accept OAuth access tokens (JWT) from this issuer (or FIXTURE_API_MCP_OAUTH_ISSUER)',
        "  --oauth-audience U  ...issued for this URI, the server's public URL (or FIXTURE_API_MCP_OAUTH_AUDIENCE)",
        '  --no-auth           serve a non-loopback --host without authentication (warned at every start)',
        '  --scopes LIST       serve only tools these scopes allow, e.g. read (or FIXTURE_API_MCP_SCOPES)',
        '  --base-url URL      upstream base URL (overrides FIXTURE_API_BASE_URL)',
        '  --confirm POLICY    ask the user before destructive calls, all writes, or none (default destructive; overrides FIXTURE_API_CONFIRM)',
        '  --env-file PATH     read variables from PATH (repeatable), then from .env; set ones win',
        '  --host-config HOST  print the config entry for HOST (claude-desktop, cursor, vscode, inspector), with the other flags given',
        '  --log json          one JSON line per tool call on stderr (tool, method, path, status, duration, retries)',
        '  --toolsets A,B      only the tools of these toolsets (OpenAPI tags; see --list-toolsets)',
        '  --tools N,M         only these tools (with --toolsets: those too)',
        '  --read-only         only tools annotated readOnlyHint: true',
        '  --list-toolsets     print the toolsets with their tool counts and tokens, and exit',
        '  --tools-mode M      static (every tool in tools/list) or dynamic (search_tools, describe_tools, call_tool); default static',
        '  -v, --version       print the package name and version',
        '  -h, --help          show this help',
        '',
        'Environment:',
        "  FIXTURE_API_TOKEN       the API's token (security scheme bearer)",
        "  FIXTURE_API_USERNAME    the API's user name (security scheme basic)",
        "  FIXTURE_API_PASSWORD    the API's password (security scheme basic)",
        '  FIXTURE_API_BASE_URL    upstream base URL (default: https://{region}.api.test/v1)',
        '  FIXTURE_API_TIMEOUT_MS  upstream request timeout in ms (default 30000)',
        '  FIXTURE_API_CONFIRM     when to ask the user before a call: destructive, writes or none (default destructive)',
        '  FIXTURE_API_STATE_KEY   secret (32+ characters) protecting the state of calls that ask the user (default: random per process)',
        '  FIXTURE_API_REGION      server variable {region}',
        '  FIXTURE_API_MCP_TOKEN   bearer tokens accepted on the HTTP endpoint (comma-separated; needed for a non-loopback --host)',
        '',
      ].join('\n'),
    );
  });
});

describe('main (in-process)', () => {
  const upstream = useUpstream();

  interface Outcome {
    running: RunningServer | undefined;
    out: string;
    log: string[];
    exitCode: number | undefined;
  }
  async function run(argv: string[], env: Record<string, string>, config: ApiConfig = fixtureConfig): Promise<Outcome> {
    const outcome: Outcome = { running: undefined, out: '', log: [], exitCode: undefined };
    outcome.running = await main({
      config,
      tools: upstreamTools,
      argv,
      env,
      out: (text) => void (outcome.out += text),
      log: (line) => void outcome.log.push(line),
      setExitCode: (code) => void (outcome.exitCode = code),
      handleSignals: false,
    });
    return outcome;
  }

  async function callOverHttp(url: string, args: Record<string, unknown>): Promise<unknown> {
    const client = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      return await client.callTool({ name: 'get_item', arguments: args });
    } finally {
      await client.close();
    }
  }

  it('prints the usage for --help and starts nothing', async () => {
    const { running, out, log, exitCode } = await run(['--help'], {});
    expect([running, log, exitCode]).toEqual([undefined, [], undefined]);
    expect(out).toBe(usage(fixtureConfig, 1));
  });

  const usageErrors: { name: string; given: string[]; want: string }[] = [
    { name: 'an unknown flag', given: ['--verbose'], want: 'fixture-api-mcp: unknown argument "--verbose". Try --help.' },
    { name: 'an unknown host', given: ['--host-config', 'emacs'], want: 'fixture-api-mcp: --host-config takes one of claude-desktop, cursor, vscode, inspector, got "emacs". Try --help.' },
    {
      name: 'a --base-url that is not http(s)',
      given: ['--base-url', 'ftp://files.test/'],
      want: 'fixture-api-mcp: the --base-url value must be an http or https URL; give --base-url the API\'s base URL. Try --help.',
    },
    { name: 'an --env-file that cannot be read', given: ['--env-file', '/nonexistent/secrets.env'], want: 'fixture-api-mcp: cannot read --env-file /nonexistent/secrets.env (ENOENT). Try --help.' },
    { name: '--log debug without handlers', given: ['--log', 'debug'], want: 'fixture-api-mcp: --log debug is for packages whose tools have handlers; use --log json. Try --help.' },
  ];
  for (const { name, given, want } of usageErrors) {
    it(`reports ${name} in one line with exit code 2`, async () => {
      const { running, log, exitCode } = await run(given, {});
      expect([running, log, exitCode]).toEqual([undefined, [want], 2]);
    });
  }

  it('serves HTTP and calls the upstream from the environment base URL', async () => {
    const { running, log } = await run(['--http', '--port', '0'], { FIXTURE_API_BASE_URL: upstream.url });
    try {
      expect(running?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(log).toEqual([`fixture-api-mcp 1.2.3: MCP over Streamable HTTP at ${running?.url}, 1 tool, no authentication`]);
      upstream.received.length = 0;
      const result = await callOverHttp(running!.url!, { id: 'a b', verbose: true });
      expect(result).toMatchObject({ structuredContent: { id: 'a b' } });
      expect(upstream.received).toEqual([{ method: 'GET', url: '/api/items/a%20b?verbose=true' }]);
    } finally {
      await running?.close();
    }
  });

  it('lets --base-url win over the environment', async () => {
    const { running } = await run(['--http', '--port=0', `--base-url=${upstream.url}/v2`], { FIXTURE_API_BASE_URL: 'http://127.0.0.1:9/nowhere' });
    try {
      upstream.received.length = 0;
      await callOverHttp(running!.url!, { id: 'x' });
      expect(upstream.received).toEqual([{ method: 'GET', url: '/api/v2/items/x' }]);
    } finally {
      await running?.close();
    }
  });

  it('applies the timeout from the environment', async () => {
    const { running } = await run(['--http', '--port=0'], { FIXTURE_API_BASE_URL: upstream.url, FIXTURE_API_TIMEOUT_MS: '200' });
    try {
      const result = await callOverHttp(running!.url!, { id: 'slow' });
      expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'upstream did not answer within 200 ms' }] });
    } finally {
      await running?.close();
    }
  });

  it('warns about an invalid timeout and uses the default', async () => {
    const { running, log } = await run(['--http', '--port=0'], { FIXTURE_API_BASE_URL: upstream.url, FIXTURE_API_TIMEOUT_MS: '5s' });
    await running?.close();
    expect(log[0]).toBe('fixture-api-mcp: FIXTURE_API_TIMEOUT_MS must be a positive number of milliseconds; using 30000');
  });

  it('still serves tools/list without a usable base URL; calls say what to set', async () => {
    const relative: ApiConfig = { ...fixtureConfig, servers: [{ url: '/v1', variables: {} }] };
    const { running, log } = await run(['--http', '--port=0'], {}, relative);
    try {
      const why = 'No upstream base URL: the API\'s server URL "/v1" is relative; set FIXTURE_API_BASE_URL to the API\'s absolute base URL, e.g. https://api.example.com/v1';
      expect(log[0]).toBe(`fixture-api-mcp: ${why}; every tool call will fail until it is set`);
      const result = await callOverHttp(running!.url!, { id: 'x' });
      expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: why }] });
    } finally {
      await running?.close();
    }
  });

  it('dynamic mode over HTTP reads the tool entries only at the first describe_tools, the search index after the first tools/list', async () => {
    const reads = { entries: 0, index: 0 };
    const entries = async (): Promise<typeof upstreamTools> => {
      reads.entries += 1;
      return upstreamTools;
    };
    const stored = buildCatalog(upstreamTools, () => 'default');
    const indexJson = JSON.stringify(buildSearchIndex(upstreamTools, stored));
    const catalog = { ...stored, searchIndex: () => ((reads.index += 1), indexJson) };
    const running = await main({ config: fixtureConfig, tools: entries, catalog, argv: ['--http', '--port=0', '--tools-mode', 'dynamic'], env: {}, log: () => undefined, handleSignals: false });
    const client = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(reads).toEqual({ entries: 0, index: 0 });
      await client.connect(new StreamableHTTPClientTransport(new URL(running!.url!)));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search_tools', 'describe_tools', 'call_tool']);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(reads).toEqual({ entries: 0, index: 1 });
      const described = await client.callTool({ name: 'describe_tools', arguments: { names: ['get_item'] } });
      expect(described).toMatchObject({ structuredContent: { tools: [{ name: 'get_item' }] } });
      expect(reads).toEqual({ entries: 1, index: 1 });
    } finally {
      await client.close();
      await running?.close();
    }
  });

  it('reports a port in use in one line with exit code 1', async () => {
    const { port } = upstream.server.address() as AddressInfo;
    const { running, log, exitCode } = await run(['--http', '--port', String(port)], {});
    expect([running, log, exitCode]).toEqual([undefined, [`fixture-api-mcp: cannot listen on 127.0.0.1:${port}: port ${port} is in use (another server, or this one already running); choose another with --port`], 1]);
  });

  it('says when it listens on every interface (--host 0.0.0.0), while showing the local URL', async () => {
    const { running, log } = await run(['--http', '--port', '0', '--host', '0.0.0.0', '--no-auth'], {});
    try {
      expect(running?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(log.filter((line) => !line.includes('--no-auth'))).toEqual([
        `fixture-api-mcp 1.2.3: MCP over Streamable HTTP at ${running?.url} (bound to 0.0.0.0: every network interface of this machine), 1 tool, no authentication`,
      ]);
    } finally {
      await running?.close();
    }
  });

  it('reports a --host that is not this machine in one line with exit code 1', async () => {
    // 203.0.113.0/24 is TEST-NET-3 (RFC 5737): never an address of this machine.
    const { running, log, exitCode } = await run(['--http', '--port', '0', '--host', '203.0.113.7', '--no-auth'], {});
    expect([running, log.filter((line) => !line.includes('--no-auth')), exitCode]).toEqual([undefined, ['fixture-api-mcp: cannot listen on 203.0.113.7:0: not an address of this machine; give --host one of its addresses, or 0.0.0.0 for all of them'], 1]);
  });
});
