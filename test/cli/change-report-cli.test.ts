import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, withoutNotes } from '../support/run-cli.js';

/** Regeneration from the user's side: the change report (printed and --report JSON). */

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'openapi-mcp-regen-'));
}

describe('change report', () => {
  const v1 = {
    openapi: '3.0.3',
    info: { title: 'Shop', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/items/{id}': {
        get: {
          operationId: 'getItem',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'q', in: 'query', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } } },
        },
        delete: { operationId: 'deleteItem', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '204': { description: 'gone' } } },
      },
      '/stats': {
        get: { operationId: 'getStats', summary: 'Stats', parameters: [{ name: 'days', in: 'query', schema: { type: 'integer' } }], responses: { '200': { description: 'ok' } } },
      },
    },
  };
  const v2 = {
    ...v1,
    paths: {
      '/items/{id}': {
        get: {
          operationId: 'getItem',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
            { name: 'fields', in: 'query', required: true, schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } } },
        },
      },
      '/items': { post: { operationId: 'createItem', responses: { '201': { description: 'made' } } } },
      '/stats': {
        get: { operationId: 'getStats', summary: 'Statistics', parameters: [{ name: 'days', in: 'query', schema: { type: 'number' } }], responses: { '200': { description: 'ok' } } },
      },
    },
  };

  it('prints added, removed and changed tools with breaking changes; --report writes them as JSON', () => {
    const dir = tmp();
    const spec = join(dir, 'shop.json');
    writeFileSync(spec, JSON.stringify(v1));
    const first = runCli(['generate', 'shop.json', '--out', 'out', '--report', 'first.json'], { cwd: dir });
    expect(withoutNotes(first.stderr)).toMatch(/^3 tools → out \(\d+ created, 0 updated, 0 removed\)\n$/);
    const firstReport = JSON.parse(readFileSync(join(dir, 'first.json'), 'utf8')) as { apis: { firstGeneration: boolean; tools: unknown }[] };
    expect(firstReport.apis[0]!.firstGeneration).toBe(true);
    expect(firstReport.apis[0]!.tools).toEqual({ added: ['deleteItem', 'getItem', 'getStats'], removed: [], changed: [] });

    writeFileSync(spec, JSON.stringify(v2));
    const check = runCli(['generate', 'shop.json', '--out', 'out', '--check', '--report', 'check.json'], { cwd: dir });
    expect(check.code).toBe(1);
    const second = runCli(['generate', 'shop.json', '--out', 'out', '--report', 'second.json'], { cwd: dir });
    expect(second.code).toBe(0);
    const printed = [
      'tools: 1 added, 1 removed, 2 changed (2 breaking)',
      '  + createItem',
      '  - deleteItem (breaking: tool removed)',
      '  ~ getItem: new required argument "fields" (breaking); argument "id" type string → integer (breaking); argument "q" removed (breaking)',
      '  ~ getStats: argument "days" type integer → number; title or description changed',
    ];
    expect(withoutNotes(second.stderr).split('\n').slice(0, 5)).toEqual(printed);
    expect(check.stderr.split('\n').slice(0, 5)).toEqual(printed);

    const report = JSON.parse(readFileSync(join(dir, 'second.json'), 'utf8')) as Record<string, unknown>;
    expect(report).toEqual({
      format: 1,
      apis: [
        {
          input: 'shop.json',
          output: 'out',
          mode: 'write',
          skipped: false,
          upToDate: false,
          toolCount: 3,
          firstGeneration: false,
          breaking: true,
          tools: {
            added: ['createItem'],
            removed: ['deleteItem'],
            changed: [
              {
                tool: 'getItem',
                breaking: true,
                changes: [
                  { kind: 'argument-added', argument: 'fields', breaking: true, message: 'new required argument "fields"' },
                  { kind: 'argument-type', argument: 'id', breaking: true, message: 'argument "id" type string → integer' },
                  { kind: 'argument-removed', argument: 'q', breaking: true, message: 'argument "q" removed' },
                ],
              },
              {
                tool: 'getStats',
                breaking: false,
                changes: [
                  { kind: 'argument-type', argument: 'days', breaking: false, message: 'argument "days" type integer → number' },
                  { kind: 'description', breaking: false, message: 'title or description changed' },
                ],
              },
            ],
          },
          files: { created: [], updated: expect.arrayContaining(['data/tools/part-first.json', '.openapi-mcp-manifest.json']), removed: [], overwritten: [], kept: [] },
          cost: {
            tokenizer: 'o200k_base',
            tools: 3,
            tokens: expect.any(Number),
            bytes: expect.any(Number),
            inputSchema: expect.any(Number),
            outputSchema: expect.any(Number),
            descriptions: expect.any(Number),
            median: expect.any(Number),
            budget: 50000,
            overBudget: false,
            top: [expect.objectContaining({ name: expect.any(String) }), expect.anything(), expect.anything()],
            toolsets: expect.arrayContaining([expect.objectContaining({ tools: expect.any(Number) })]),
          },
        },
      ],
    });
    const cost = (report.apis as { cost: { tokens: number; bytes: number; top: { tokens: number }[]; toolsets: { tools: number; tokens: number }[] } }[])[0]!.cost;
    // The tools are the whole tools/list: the tools' own tokens plus the {"tools":[…]} wrapper.
    expect(cost.tokens).toBe(cost.top.reduce((n, t) => n + t.tokens, 0) + 4);
    expect(cost.toolsets.reduce((n, t) => n + t.tools, 0)).toBe(3);
    expect(cost.toolsets.reduce((n, t) => n + t.tokens, 0)).toBe(cost.tokens - 4);
    const checkReport = JSON.parse(readFileSync(join(dir, 'check.json'), 'utf8')) as { apis: Record<string, unknown>[] };
    expect({ ...checkReport.apis[0], files: undefined }).toEqual({ ...(report.apis as Record<string, unknown>[])[0], mode: 'check', files: undefined });

    const noop = runCli(['generate', 'shop.json', '--out', 'out', '--report', 'noop.json'], { cwd: dir });
    expect(noop.stderr).toBe('3 tools → out (up to date)\n');
    const noopReport = JSON.parse(readFileSync(join(dir, 'noop.json'), 'utf8')) as { apis: Record<string, unknown>[] };
    expect(noopReport.apis[0]).toMatchObject({ skipped: true, upToDate: true, toolCount: 3, breaking: false, tools: { added: [], removed: [], changed: [] } });
  });

  it('a tool moved to another toolset (its first tag) is breaking; a new base URL is reported', () => {
    const dir = tmp();
    const spec = join(dir, 'shop.json');
    const doc = (tag: string, server: string): string =>
      JSON.stringify({ ...v1, servers: [{ url: server }], paths: { '/stats': { get: { operationId: 'getStats', tags: [tag], responses: { '200': { description: 'ok' } } } } } });
    writeFileSync(spec, doc('reports', 'https://api.example.com'));
    expect(runCli(['generate', 'shop.json', '--out', 'out'], { cwd: dir }).code).toBe(0);
    writeFileSync(spec, doc('analytics', 'https://eu.example.net/v2'));
    const check = runCli(['generate', 'shop.json', '--out', 'out', '--check'], { cwd: dir });
    const r = runCli(['generate', 'shop.json', '--out', 'out', '--report', 'report.json'], { cwd: dir });
    const printed = [
      'tools: 0 added, 0 removed, 1 changed (1 breaking)',
      '  ~ getStats: toolset "reports" → "analytics": a server started with --toolsets "reports" no longer serves it (breaking)',
      'base URL: https://api.example.com → https://eu.example.net/v2',
    ];
    expect(withoutNotes(r.stderr).split('\n').slice(0, 3)).toEqual(printed);
    expect(check.stderr.split('\n').slice(0, 3)).toEqual(printed);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { apis: Record<string, unknown>[] };
    expect(report.apis[0]).toMatchObject({ breaking: true, baseUrl: { before: 'https://api.example.com', after: 'https://eu.example.net/v2' } });
    writeFileSync(spec, JSON.stringify({ ...JSON.parse(doc('analytics', '')), servers: [] }));
    expect(withoutNotes(runCli(['generate', 'shop.json', '--out', 'out'], { cwd: dir }).stderr).split('\n').slice(0, 2)).toEqual([
      'tools: no changes',
      'base URL: https://eu.example.net/v2 → none (the server needs --base-url)',
    ]);
  });

  it('credentials added with --auth: said as such, and many tools changed alike in one line', () => {
    const dir = tmp();
    const paths: Record<string, unknown> = {};
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) paths[`/${id}`] = { get: { operationId: `get_${id}`, responses: { '200': { description: 'ok' } } } };
    paths['/g'] = { get: { operationId: 'get_g', security: [], responses: { '200': { description: 'ok' } } } };
    writeFileSync(join(dir, 'api.json'), JSON.stringify({ ...v1, paths }));
    runCli(['generate', 'api.json', '--out', 'out'], { cwd: dir });
    const r = runCli(['generate', 'api.json', '--out', 'out', '--auth', 'bearer', '--auth-env', 'API_TOKEN'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(withoutNotes(r.stderr).split('\n').slice(0, 3)).toEqual([
      'tools: 0 added, 0 removed, 6 changed',
      '  ~ 6 tools: credentials it sends changed (get_a, get_b, get_c, …)',
      expect.stringMatching(/^7 tools → /),
    ]);
  });

  it('a renamed operationId: one tool removed, one added, and the line says which took its endpoint', () => {
    const dir = tmp();
    const spec = join(dir, 'shop.json');
    writeFileSync(spec, JSON.stringify(v1));
    runCli(['generate', 'shop.json', '--out', 'out'], { cwd: dir });
    writeFileSync(spec, JSON.stringify(v1).replace('"operationId":"deleteItem"', '"operationId":"removeItem"'));
    const r = runCli(['generate', 'shop.json', '--out', 'out', '--report', 'r.json'], { cwd: dir });
    expect(withoutNotes(r.stderr).split('\n').slice(0, 3)).toEqual([
      'tools: 1 added, 1 removed, 0 changed (1 breaking)',
      '  + removeItem',
      '  - deleteItem (breaking: tool removed; DELETE /items/{id} is removeItem now)',
    ]);
    const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as { apis: { tools: unknown }[] };
    expect(report.apis[0]!.tools).toMatchObject({ renamed: [{ from: 'deleteItem', to: 'removeItem', endpoint: 'DELETE /items/{id}' }] });
  });

  it('header annotations added and removed are breaking', () => {
    const dir = tmp();
    const spec = join(dir, 'h.json');
    const doc = (params: unknown[]): string =>
      JSON.stringify({ openapi: '3.0.3', info: { title: 'H', version: '1' }, paths: { '/a/{id}': { get: { operationId: 'getA', parameters: params, responses: { '200': { description: 'ok' } } } } } });
    // A header parameter holding a list gets no x-mcp-header; a plain string one does.
    writeFileSync(spec, doc([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { name: 'X-Tenant', in: 'header', schema: { type: 'array', items: { type: 'string' } } }]));
    runCli(['generate', 'h.json', '--out', 'out'], { cwd: dir });
    writeFileSync(spec, doc([{ name: 'id', in: 'path', required: true, schema: { type: 'object' } }, { name: 'X-Tenant', in: 'header', schema: { type: 'string' } }]));
    const r = runCli(['generate', 'h.json', '--out', 'out'], { cwd: dir });
    expect(withoutNotes(r.stderr).split('\n').slice(0, 2)).toEqual([
      'tools: 0 added, 0 removed, 1 changed (1 breaking)',
      '  ~ getA: argument "X-Tenant" type array → string (breaking); argument "X-Tenant" now has x-mcp-header X-Tenant (breaking); argument "id" type string → object (breaking); argument "id" lost x-mcp-header id (breaking)',
    ]);
  });
});
