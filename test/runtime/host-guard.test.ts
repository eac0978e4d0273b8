import { describe, expect, it } from 'vitest';
import { checkHostAndOrigin, hostNames } from '../../templates/runtime/host-guard.gen.js';

/** The Host/Origin decisions of the DNS-rebinding guard, without a server (host-port.test.ts and http.test.ts send real requests). */

describe('hostNames (names accepted on every connection; localhost and addresses go by the connection)', () => {
  const cases: { name: string; given: { host: string; extra?: string[] }; bound: string[]; allowed?: [string, string[] | 'any'][] }[] = [
    { name: 'loopback', given: { host: '127.0.0.1' }, bound: ['127.0.0.1'] },
    { name: 'IPv4 wildcard adds nothing', given: { host: '0.0.0.0' }, bound: [] },
    { name: 'IPv6 wildcard adds nothing', given: { host: '::' }, bound: [] },
    { name: 'a named host', given: { host: 'MCP.internal' }, bound: ['mcp.internal'] },
    { name: 'an IPv6 address gets brackets', given: { host: 'fd00::1' }, bound: ['[fd00::1]'] },
    { name: 'extra names', given: { host: '0.0.0.0', extra: ['api.example.com'] }, bound: [], allowed: [['api.example.com', 'any']] },
    {
      name: 'extra names with ports, merged per name',
      given: { host: '0.0.0.0', extra: ['A.test:8443', 'a.test:443', 'b.test:9000', 'b.test', '[fd00::2]:8080', 'fd00::3'] },
      bound: [],
      allowed: [['a.test', ['8443', '443']], ['b.test', 'any'], ['[fd00::2]', ['8080']], ['[fd00::3]', 'any']],
    },
  ];
  for (const { name, given, bound, allowed = [] } of cases) {
    it(name, () => {
      const names = hostNames(given.host, given.extra);
      expect([...names.bound]).toEqual(bound);
      expect([...names.allowed].map(([host, ports]) => [host, ports === 'any' ? ports : [...ports]])).toEqual(allowed);
    });
  }
});

describe('checkHostAndOrigin', () => {
  const names = hostNames('0.0.0.0', ['mcp.example.test']);
  const cases: { name: string; host: string; origin?: string; local: string; port?: number; want: string | undefined }[] = [
    { name: 'localhost on a loopback connection', host: 'localhost:3000', local: '127.0.0.1', want: undefined },
    { name: 'LOCALHOST in capitals', host: 'LOCALHOST:3000', local: '127.0.0.1', want: undefined },
    { name: 'localhost over IPv6 loopback, on port 80', host: 'localhost', local: '[::1]', port: 80, want: undefined },
    { name: 'the address the connection arrived at', host: '192.168.1.5:3000', local: '192.168.1.5', want: undefined },
    { name: 'an allowed name from anywhere', host: 'mcp.example.test', local: '192.168.1.5', want: undefined },
    { name: 'localhost from the network (wildcard bind)', host: 'localhost:3000', local: '192.168.1.5', want: 'Invalid Host header: this server does not answer to that name' },
    { name: 'localhost on 127.0.0.2', host: 'localhost:3000', local: '127.0.0.2', want: 'Invalid Host header: this server does not answer to that name' },
    { name: '127.0.0.1 on another address', host: '127.0.0.1:3000', local: '192.168.1.5', want: 'Invalid Host header: this server does not answer to that name' },
    { name: 'short IPv4 127.1', host: '127.1', local: '127.0.0.1', want: 'Invalid Host header: not a canonical host name' },
    { name: 'decimal IPv4 2130706433', host: '2130706433:3000', local: '127.0.0.1', want: 'Invalid Host header: not a canonical host name' },
    { name: 'hex IPv4 0x7f.0.0.1', host: '0x7f.0.0.1', local: '127.0.0.1', want: 'Invalid Host header: not a canonical host name' },
    { name: 'octal IPv4 0177.0.0.1', host: '0177.0.0.1', local: '127.0.0.1', want: 'Invalid Host header: not a canonical host name' },
    { name: 'userinfo', host: 'x@localhost', local: '127.0.0.1', want: 'Invalid Host header: not a canonical host name' },
    { name: 'a path', host: 'localhost/x', local: '127.0.0.1', want: 'Invalid Host header: not a canonical host name' },
    { name: 'a missing Host', host: '', local: '127.0.0.1', want: 'Missing Host header' },
    { name: 'the same origin', host: 'localhost:3000', origin: 'http://localhost:3000', local: '127.0.0.1', want: undefined },
    { name: 'an https origin on the default port', host: 'mcp.example.test', origin: 'https://mcp.example.test', local: '10.0.0.1', want: undefined },
    { name: 'an origin on another port', host: 'localhost:3000', origin: 'http://localhost:5173', local: '127.0.0.1', want: 'Invalid Origin header: not the origin of this server' },
    { name: 'an origin without the port', host: 'localhost:3000', origin: 'http://localhost', local: '127.0.0.1', want: 'Invalid Origin header: not the origin of this server' },
    { name: 'an origin on another host', host: 'localhost:3000', origin: 'http://127.0.0.1:3000', local: '127.0.0.1', want: 'Invalid Origin header: not the origin of this server' },
    { name: 'an origin that is not http', host: 'localhost:3000', origin: 'file://localhost:3000', local: '127.0.0.1', want: 'Invalid Origin header' },
    { name: 'Origin null', host: 'localhost:3000', origin: 'null', local: '127.0.0.1', want: 'Invalid Origin header' },
  ];
  for (const { name, host, origin, local, port = 3000, want } of cases) {
    it(name, () => expect(checkHostAndOrigin(host, origin, { address: local, port }, names)).toBe(want));
  }
});
