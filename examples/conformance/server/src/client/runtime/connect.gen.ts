/**
 * Connects the official MCP client (`@modelcontextprotocol/client`) to a server: Streamable HTTP
 * for `{ url }` (with `token` or `authProvider` for a protected server), or a child process over
 * stdio for `{ command }`. It negotiates MCP 2026-07-28
 * and falls back to 2025-11-25 servers (`versionNegotiation: auto`; over stdio the probe starts a
 * short-lived second server process).
 *
 * Elicitation is always declared (form mode): a 2026-07-28 server must not send `input_required`
 * requests a client has not declared (basic/patterns/mrtr), so declaring it is what lets a tool
 * say what it needs. Without an `onElicitation` handler the request is refused with an
 * `UnansweredElicitation`, which the call reports as an `InputRequiredError` naming the question.
 */
import { Client, StreamableHTTPClientTransport, type Implementation, type Transport } from '@modelcontextprotocol/client';
import { UnansweredElicitation } from './errors.gen.js';
import type { ClientOptions } from './types.gen.js';

export async function connectClient(options: ClientOptions, info: Implementation): Promise<Client> {
  const client = new Client(info, {
    versionNegotiation: { mode: 'auto' },
    capabilities: { elicitation: { form: {} } },
  });
  const answer = options.onElicitation;
  client.setRequestHandler('elicitation/create', async (request) => {
    if (answer === undefined) throw new UnansweredElicitation(request.params);
    return answer(request.params);
  });
  await client.connect(await openTransport(options));
  return client;
}

async function openTransport(options: ClientOptions): Promise<Transport> {
  if ('url' in options) {
    const url = options.url instanceof URL ? options.url : new URL(options.url);
    if (options.token !== undefined && options.authProvider !== undefined) throw new TypeError('Give token or authProvider, not both');
    const { token } = options;
    const authProvider = token !== undefined ? { token: async () => token } : options.authProvider;
    return new StreamableHTTPClientTransport(url, {
      ...(options.headers !== undefined ? { requestInit: { headers: options.headers } } : {}),
      ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
      ...(authProvider !== undefined ? { authProvider } : {}),
    });
  }
  // Loaded only when used: HTTP clients never pay for child_process.
  const { StdioClientTransport, getDefaultEnvironment } = await import('@modelcontextprotocol/client/stdio');
  return new StdioClientTransport({
    command: options.command,
    ...(options.args !== undefined ? { args: options.args } : {}),
    // The SDK passes only a few safe variables (PATH, HOME …) unless env is given; keep those.
    ...(options.env !== undefined ? { env: { ...getDefaultEnvironment(), ...options.env } } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    stderr: options.stderr ?? 'inherit',
  });
}
