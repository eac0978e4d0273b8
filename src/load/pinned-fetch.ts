import type { IncomingMessage } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress } from './private-address.js';

/**
 * The `fetch` that reads spec files from URLs (load-spec.ts): node:http(s) with its own DNS lookup,
 * so the addresses checked are the addresses connected to. `privateAddressRefusal` resolves a host
 * name before the fetch, but `fetch` resolves it again: a name whose DNS answer changes in between
 * (DNS rebinding: public for the check, 169.254.169.254 for the fetch, a TTL of 0) passed the check
 * and put instance metadata into the package. Here every address a connection would use must be
 * public, unless the URL's origin is one of `allowedOrigins` (the root's own, `--allow-ref`).
 * Gzip, deflate and brotli bodies are decompressed, as `fetch` does; redirects are returned, not
 * followed (read-source.ts follows them, checking each hop).
 */
export function pinnedFetch(allowedOrigins: readonly string[]): typeof fetch {
  return ((input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const signal = init?.signal ?? undefined;
    const lookup = allowedOrigins.includes(url.origin) ? undefined : publicOnlyLookup(url);
    const http = process.getBuiltinModule(url.protocol === 'https:' ? 'node:https' : 'node:http') as typeof import('node:http');
    return new Promise<Response>((resolve, reject) => {
      const request = http.get(url, { headers: { accept: '*/*', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'openapi-mcp' }, ...(lookup ? { lookup } : {}), ...(signal ? { signal } : {}) }, (response) => {
        try {
          resolve(toResponse(response));
        } catch (error) {
          response.destroy();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      request.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
    });
  }) as typeof fetch;
}

/** A lookup that fails, with the reason as its message, when the host of `url` resolves to any refused address. */
function publicOnlyLookup(url: URL): LookupFunction {
  return (hostname, options, callback) => {
    process.getBuiltinModule('node:dns').lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => isPrivateAddress(a.address));
      if (refused !== undefined) {
        const message = `${url.host} is a loopback, link-local or private address (${refused.address}) when connecting; a spec may not make openapi-mcp fetch it unless you pass --allow-ref ${url.origin}`;
        return callback(Object.assign(new Error(message), { code: 'EPRIVATEADDRESS' }), '', 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function toResponse(response: IncomingMessage): Response {
  const { Readable } = process.getBuiltinModule('node:stream');
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const status = response.statusCode ?? 0;
  if (NULL_BODY_STATUSES.has(status)) {
    response.resume();
    return new Response(null, { status, statusText: response.statusMessage ?? '', headers });
  }
  const body = decoded(response, (headers.get('content-encoding') ?? 'identity').trim().toLowerCase());
  return new Response(Readable.toWeb(body) as ReadableStream, { status, statusText: response.statusMessage ?? '', headers });
}

function decoded(response: IncomingMessage, encoding: string): NodeJS.ReadableStream & import('node:stream').Readable {
  const zlib = process.getBuiltinModule('node:zlib');
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : undefined;
  if (decoder === undefined) return response;
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}
