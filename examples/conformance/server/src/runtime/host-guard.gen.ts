/**
 * DNS-rebinding protection for the HTTP endpoint: which `Host` and `Origin` a request may carry.
 * A refused request is answered 403 before anything else (not even the path is routed).
 *
 * - `Host` must be written in canonical form (lower or upper case ASCII, a dotted-quad IPv4
 *   address, a bracketed IPv6 address as the URL parser writes it, an optional port): `127.1`,
 *   `2130706433` or `0x7f.1` name 127.0.0.1 to a URL parser but are refused here.
 * - It must then name this server: one of the `--allowed-host` names, the bound host when that is
 *   a name, or the address the connection actually arrived at. `localhost` counts only when the
 *   connection arrived at 127.0.0.1 or ::1, where localhost resolves. So a network caller reaching
 *   a server bound to 0.0.0.0 cannot pass with `Host: localhost`, and `--host 127.0.0.2` does not
 *   accept it either.
 * - Its port (80 when it has none) must be the port the connection arrived on: a server on :3000
 *   refuses `Host: localhost:9999`. An `--allowed-host` entry sets its own: `name` accepts any
 *   port (a reverse proxy forwards the public `Host`, `mcp.example.com` or `mcp.example.com:8443`),
 *   `name:8443` only that one, and `name:443` or `name:80` a `Host` without a port as well (the
 *   default port of https or http, whichever the proxy speaks).
 * - `Origin`, when present (browsers send it), must be the same origin as `Host`, port included:
 *   a page on http://localhost:5173 may not call a server on localhost:3000.
 *
 * These checks stop browsers, not callers that choose their headers: a server reachable from a
 * network needs endpoint authentication (endpoint-auth.gen.ts) as well.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);
const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '[::1]']);
/** What a `Host` without a port means: http's default port (or https's, behind a proxy). */
const HTTP_PORT = 80;
const HTTPS_PORT = '443';
/** Host/Origin/address combinations remembered as accepted (a client repeats the same ones). */
const MAX_REMEMBERED = 64;

export interface HostGuardOptions {
  /** The interface the server is bound to. */
  readonly host: string;
  /** Extra hosts accepted in `Host` and `Origin`: `name` (any port) or `name:port`. */
  readonly allowedHosts?: readonly string[];
}

/** `(req, res) => accepted`; answers a refused request with 403 itself. */
export type HostGuard = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Host names (lower case, IPv6 in brackets) a `Host` may carry whatever address the connection arrived at. */
export interface HostNames {
  /** The bound host unless a wildcard: it comes with the port the connection arrived on. */
  readonly bound: ReadonlySet<string>;
  /** The `--allowed-host` names, each with the ports it may come with; `'any'` for an entry without one. */
  readonly allowed: ReadonlyMap<string, ReadonlySet<string> | 'any'>;
}

/** Where a connection arrived: the socket's local address and port. */
export interface Arrival {
  readonly address: string | undefined;
  readonly port: number | undefined;
}

/**
 * The names accepted whatever address the connection arrived at: the bound host unless it is a
 * wildcard, and the `--allowed-host` entries, `name` or `name:port`.
 */
export function hostNames(host: string, extra: readonly string[] = []): HostNames {
  const bound = new Set<string>();
  const allowed = new Map<string, Set<string> | 'any'>();
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host; // IPv6 literal
  if (!WILDCARD_HOSTS.has(host)) bound.add(name.toLowerCase());
  for (const entry of extra) {
    const parsed = parseHostEntry(entry);
    if (parsed === undefined) continue; // never equal to a canonical Host (the CLI refuses it at start)
    const { hostname, port } = parsed;
    const ports = allowed.get(hostname);
    if (port === undefined) allowed.set(hostname, 'any');
    else if (ports === undefined) allowed.set(hostname, new Set([port]));
    else if (ports !== 'any') ports.add(port);
  }
  return { bound, allowed };
}

/**
 * An `--allowed-host` entry as a name and an optional port, as a canonical `Host` carries them
 * (`::1` is an address, not `:1`), or undefined when it is not one (a URL, a path, a user name).
 */
export function parseHostEntry(entry: string): { hostname: string; port?: string } | undefined {
  const bareIpv6 = !entry.startsWith('[') && entry.indexOf(':') !== entry.lastIndexOf(':');
  const parsed = canonicalHost(bareIpv6 ? `[${entry}]` : entry);
  if (parsed === undefined) return undefined;
  return parsed.port === undefined ? { hostname: parsed.hostname } : { hostname: parsed.hostname, port: String(Number(parsed.port)) };
}

export function createHostGuard(options: HostGuardOptions): HostGuard {
  const names = hostNames(options.host, options.allowedHosts);
  const accepted = new Set<string>();
  return (req, res) => {
    const arrival: Arrival = { address: canonicalAddress(req.socket.localAddress), port: req.socket.localPort };
    const host = req.headers.host;
    const origin = req.headers.origin;
    const key = `${arrival.address}\n${arrival.port}\n${host ?? ''}\n${origin ?? ''}`;
    if (accepted.has(key)) return true;
    const refusal = checkHostAndOrigin(host, origin, arrival, names);
    if (refusal !== undefined) {
      const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: refusal }, id: null });
      res.writeHead(403, { 'content-type': 'application/json' }).end(body);
      return false;
    }
    if (accepted.size < MAX_REMEMBERED) accepted.add(key);
    return true;
  };
}

/** `undefined` when accepted, else the reason (for the 403 body; never quotes the headers). */
export function checkHostAndOrigin(
  host: string | undefined,
  origin: string | undefined,
  arrival: Arrival,
  names: HostNames,
): string | undefined {
  if (host === undefined || host === '') return 'Missing Host header';
  const parsed = canonicalHost(host);
  if (parsed === undefined) return 'Invalid Host header: not a canonical host name';
  const { hostname, port } = parsed;
  const hostPort = port === undefined ? HTTP_PORT : Number(port);
  const own =
    (arrival.address !== undefined && hostname === arrival.address) ||
    (hostname === 'localhost' && arrival.address !== undefined && LOOPBACK_ADDRESSES.has(arrival.address)) ||
    names.bound.has(hostname);
  const allowed = names.allowed.get(hostname);
  const allowedPort = allowed === 'any' || allowed?.has(String(hostPort)) === true || (port === undefined && allowed?.has(HTTPS_PORT) === true);
  if (!(own && hostPort === arrival.port) && !allowedPort) {
    if (!own && allowed === undefined) return 'Invalid Host header: this server does not answer to that name';
    return 'Invalid Host header: this server does not answer on that port';
  }
  if (origin === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return 'Invalid Origin header';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Invalid Origin header';
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  if (url.hostname !== hostname || (url.port || defaultPort) !== (port ?? defaultPort)) {
    return 'Invalid Origin header: not the origin of this server';
  }
  return undefined;
}

/**
 * The host name (lower case; IPv6 in brackets) and port of a `Host` value, or `undefined` when it
 * is not written the way the URL parser would write it back (numeric shorthands, userinfo, paths).
 */
export function canonicalHost(value: string): { hostname: string; port?: string } | undefined {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value);
  if (match === null) return undefined;
  const written = match[1]!.toLowerCase();
  const port = match[2];
  let url: URL;
  try {
    url = new URL(`http://${value}/`);
  } catch {
    return undefined;
  }
  if (url.hostname !== written || url.username !== '' || url.password !== '' || url.pathname !== '/') return undefined;
  if (port !== undefined && Number(port) > 65535) return undefined;
  return port === undefined ? { hostname: written } : { hostname: written, port };
}

/** A socket's local address as a Host header names it: IPv4-mapped IPv6 as IPv4, IPv6 bracketed. */
function canonicalAddress(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null) return mapped[1];
  if (!address.includes(':')) return address;
  try {
    return new URL(`http://[${address}]/`).hostname;
  } catch {
    return undefined;
  }
}
