import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGeneratedPackage, run } from '../support/generated-package.js';
import { typeCheckReadmeClient } from '../support/readme-client.js';
import { runCli } from '../support/run-cli.js';

/**
 * The typed-client example of a generated README compiles as written, for a tool whose required
 * arguments are nested objects (through `$ref`s, `allOf`), string enums, `const`s and a
 * `oneOf`/`anyOf`: an OpenAPI package, a manifest (handlers) package, and a client-only package.
 */
const OPENAPI = 'test/fixtures/e2e/orders.3.1.yaml';
const MANIFEST = 'test/fixtures/manifest/orders/tools.yaml';
const NESTED = "customer: { name: '…', address: { city: '…', country: 'DE' } },\n    lines: [{ sku: '…', quantity: 1 }],\n    channel: 'web',\n    payment: { method: 'card', last4: '…' },";
let openapi: string;
let manifest: string;
let clientOnly: string;

beforeAll(() => {
  openapi = buildGeneratedPackage(OPENAPI, 'orders-mcp');
  manifest = buildGeneratedPackage(MANIFEST, 'orders-handlers-mcp');
  clientOnly = join(mkdtempSync(join(tmpdir(), 'openapi-mcp-e2e-readme-client-')), 'orders-client');
  const gen = runCli(['generate', OPENAPI, '--client-only', '--out', clientOnly]);
  if (gen.code !== 0) throw new Error(`generate --client-only failed:\n${gen.stderr}`);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], clientOnly);
  run('npm', ['run', 'build'], clientOnly);
}, 240_000);

describe("the README's typed-client example type-checks in the package it documents", () => {
  it('OpenAPI package', () => {
    const r = typeCheckReadmeClient(openapi, 'Typed client');
    expect(r.snippet).toContain(`await api.createOrder({\n    ${NESTED}\n    gift: true,\n  });`);
    expect(r.snippet).toContain('console.error(error.tool, error.status, error.message);');
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);

  it('manifest package: no HTTP status in the error handling', () => {
    const r = typeCheckReadmeClient(manifest, 'Typed client');
    expect(r.snippet).toContain(`await api.placeOrder({\n    ${NESTED}\n  });`);
    expect(r.snippet).toContain('console.error(error.tool, error.message);');
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);

  it('client-only package', () => {
    const r = typeCheckReadmeClient(clientOnly, 'Use');
    expect(r.snippet).toContain("import { createClient, ToolCallError } from 'orders-mcp-client/client';");
    expect(r.snippet).toContain(`await api.createOrder({\n    ${NESTED}`);
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);
});
