import type { BlockList } from 'node:net';

// node:net and node:dns/promises on first use: only a spec that fetches something needs them, and
// loading them (net brings the stream modules) was a fixed cost of every local run.
const net = (): typeof import('node:net') => process.getBuiltinModule('node:net');

/**
 * Addresses a spec fetched from a URL may not make the generator fetch (SSRF): loopback,
 * link-local (instance metadata: 169.254.169.254, fd00:ec2::254), private, carrier-grade NAT,
 * "this network", benchmarking, multicast and reserved ranges (RFC 6890), for IPv4 and IPv6
 * (IPv4-mapped IPv6 addresses count as their IPv4 address).
 */
function privateRanges(): BlockList {
  const list = new (net().BlockList)();
  const v4: [string, number][] = [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
    ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
    ['224.0.0.0', 4], ['240.0.0.0', 4],
  ];
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  // ::/96 (IPv4-compatible, deprecated: ::7f00:1 is 127.0.0.1 to some stacks, and holds :: and
  // ::1), ::ffff:0:0:0/96 (IPv4-translated), 6to4 relays aside; fec0::/10 (site-local, deprecated).
  const v6: [string, number][] = [
    ['::', 96], ['::ffff:0:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
  ];
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
}

/** True for an address (IPv4 or IPv6 text) in one of the refused ranges. */
export function isPrivateAddress(address: string, ranges: BlockList = privateRanges()): boolean {
  const family = net().isIP(address);
  if (family === 4) return ranges.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return ranges.check(mapped, 'ipv4');
  return ranges.check(address, 'ipv6');
}

/**
 * Why fetching `url` is refused, or `undefined` when it may be fetched: its origin is one of
 * `allowedOrigins`, or every address its host resolves to is public. A host that does not
 * resolve is left to the fetch, which reports it as usual.
 */
export async function privateAddressRefusal(url: string, allowedOrigins: readonly string[]): Promise<string | undefined> {
  const parsed = new URL(url);
  if (allowedOrigins.includes(parsed.origin)) return undefined;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (net().isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = (await process.getBuiltinModule('node:dns/promises').lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return undefined;
    }
  }
  const ranges = privateRanges();
  const refused = addresses.find((a) => isPrivateAddress(a, ranges));
  if (refused === undefined) return undefined;
  return `${parsed.host} is a loopback, link-local or private address (${refused}); a spec may not make openapi-mcp fetch it unless you pass --allow-ref ${parsed.origin}`;
}
