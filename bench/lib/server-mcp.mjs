// Raw MCP 2026-07-28 requests, as a modern client sends them (see test/runtime/server-fixtures.ts):
// stateless, every request carries `_meta` with the protocol version and client capabilities; on
// HTTP also MCP-Protocol-Version, Mcp-Method, Mcp-Name (tools/call) and Mcp-Param-* headers.

export const PROTOCOL_VERSION = '2026-07-28';

const META = Object.freeze({
  'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
});

/** The JSON-RPC request text. */
export function rpcText(id, method, params) {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } });
}

/** HTTP headers of a modern request; `extra` e.g. Mcp-Param-* headers. */
export function modernHeaders(method, params, extra = {}) {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': PROTOCOL_VERSION,
    'mcp-method': method,
    ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
    ...extra,
  };
}

/** The JSON-RPC message in a response body: plain JSON, or the last `data:` event of an SSE stream. */
export function parseRpcBody(contentType, text) {
  if (!(contentType ?? '').startsWith('text/event-stream')) return JSON.parse(text);
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())
    .filter((line) => line !== '');
  if (data.length === 0) throw new Error('SSE response without data');
  return JSON.parse(data[data.length - 1]);
}

/** POSTs one request to an MCP endpoint; resolves `{ status, message }` (throws on network errors). */
export async function postRpc(url, method, params, { headers = {}, id = 1, signal } = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: modernHeaders(method, params, headers),
    body: rpcText(id, method, params),
    ...(signal !== undefined ? { signal } : {}),
  });
  const text = await response.text();
  return { status: response.status, message: parseRpcBody(response.headers.get('content-type'), text) };
}

/**
 * A JSON-RPC client over a child's stdin/stdout (newline-delimited): `request(method, params)`
 * resolves the response message; each request times out after `timeoutMs`.
 */
export function stdioRpc(child, timeoutMs) {
  const pending = new Map();
  let nextId = 1;
  let buffer = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (line.trim() === '') continue;
      const message = JSON.parse(line);
      const waiter = pending.get(message.id);
      if (waiter === undefined) continue; // a notification
      pending.delete(message.id);
      clearTimeout(waiter.timer);
      waiter.resolve(message);
    }
  });
  child.once('exit', (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`stdio server exited (${code})`));
    pending.clear();
  });
  return {
    request(method, params) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`stdio ${method} timed out after ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        child.stdin.write(`${rpcText(id, method, params)}\n`);
      });
    },
  };
}

/** Throws unless `message` is a successful, non-isError tools/call result. */
export function assertToolResult(message, what) {
  if (message?.error !== undefined) throw new Error(`${what}: JSON-RPC error ${JSON.stringify(message.error).slice(0, 300)}`);
  const result = message?.result;
  if (result === undefined || result.isError === true) {
    throw new Error(`${what}: not a successful tool result: ${JSON.stringify(message).slice(0, 300)}`);
  }
  return result;
}
