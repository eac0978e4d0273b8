import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-hosts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SPEC = `openapi: 3.0.3
info: { title: Hosts, version: '1' }
servers:
  - url: https://api.example.com/v1
security: [{ key: [] }]
paths:
  /a:
    get:
      operationId: plain
      responses: { '200': { description: ok } }
  /upload:
    servers:
      - url: https://upload.elsewhere.example
    post:
      operationId: upload
      responses: { '200': { description: ok } }
  /tenant:
    get:
      operationId: tenant
      servers:
        - url: https://{tenant}.example.com
          variables:
            tenant: { default: 'evil.example/steal?' }
      responses: { '200': { description: ok } }
  /token:
    get:
      operationId: token
      security: [{ oauth: [] }]
      responses: { '200': { description: ok } }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
    oauth:
      type: oauth2
      flows:
        clientCredentials: { tokenUrl: 'https://auth.other.example/token', scopes: {} }
`;

describe('hosts that receive credentials, at generation (finding 2)', () => {
  const dir = mkdtempSync(join(scratch, 'g-'));
  writeFileSync(join(dir, 'spec.yaml'), SPEC);
  const r = runCli(['generate', 'spec.yaml', '--out', 'out'], { cwd: dir });

  it('warns about each one other than the base URL host, and about a host variable that moves the host', () => {
    expect(r.code).toBe(0);
    const warnings = r.stderr.split('\n').filter((l) => l.startsWith('warning [credential-host]') || l.startsWith('warning [server-variable-host]'));
    expect(warnings).toEqual([
      "warning [credential-host] spec.yaml: credentials are sent to evil.example (servers of 1 operation), not only to the base URL's host api.example.com; check that you trust it (the generated README lists every such host)",
      "warning [credential-host] spec.yaml: credentials are sent to upload.elsewhere.example (servers of 1 operation), not only to the base URL's host api.example.com; check that you trust it (the generated README lists every such host)",
      "warning [credential-host] spec.yaml: credentials are sent to auth.other.example (token URL of security scheme \"oauth\"), not only to the base URL's host api.example.com; check that you trust it (the generated README lists every such host)",
      'warning [server-variable-host] spec.yaml: server variable {tenant} of https://{tenant}.example.com is in the host, but a value of it is not a host name; the server refuses it at run time',
    ]);
  });

  it('lists them in the generated README, with the token URL variable', () => {
    const readme = readFileSync(join(dir, 'out', 'README.md'), 'utf8');
    expect(readme).toContain('| `api.example.com` | base URL |');
    expect(readme).toContain('| `upload.elsewhere.example` | servers of 1 operation |');
    expect(readme).toContain('| `auth.other.example` | token URL of security scheme "oauth" |');
    expect(readme).toMatch(/\| `HOSTS_OAUTH_TOKEN_URL` \| Token URL for security scheme "oauth" \(default https:\/\/auth\.other\.example\/token\) \|/);
  });
});

describe('a protocol-relative base URL names its host (Kubernetes)', () => {
  it('gives no warning when operation servers are on that host', () => {
    const dir = mkdtempSync(join(scratch, 'k-'));
    writeFileSync(join(dir, 'spec.yaml'), `openapi: 3.0.3
info: { title: K, version: '1' }
servers: [{ url: '//kubernetes.local' }]
security: [{ key: [] }]
paths:
  /a:
    servers: [{ url: 'https://kubernetes.local' }]
    get:
      operationId: a
      responses: { '200': { description: ok } }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
`);
    const r = runCli(['tools', 'spec.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('credential-host');
  });
});
