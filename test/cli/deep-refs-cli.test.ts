import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-deep-refs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `n` components, each `keyword: [{ own object }, { $ref: next }]`: no nesting in the document, a chain n deep through $refs. */
function chainSpec(keyword: 'oneOf' | 'allOf', n: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const next = i + 1 < n ? { $ref: `#/components/schemas/S${i + 1}` } : { type: 'string' };
    schemas[`S${i}`] = { [keyword]: [{ type: 'object', properties: { [`p${i}`]: { type: 'string' } } }, next] };
  }
  const body = { content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } };
  const spec = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/a': { post: { operationId: 'a', requestBody: body, responses: { '200': { description: 'ok' } } } } }, components: { schemas } };
  const dir = mkdtempSync(join(scratch, 'p-'));
  writeFileSync(join(dir, 'spec.json'), JSON.stringify(spec));
  return dir;
}

const TOO_DEEP = 'openapi-mcp: spec.json: its schemas nest too deeply through $refs to process (thousands of levels; the call stack overflowed)\n';

describe('a spec whose $refs chain thousands of schemas', () => {
  // 1,000 oneOfs and 5,000 allOfs overflowed the call stack in map: a RangeError with its stack.
  it.each([
    { keyword: 'oneOf' as const, n: 3000 },
    { keyword: 'allOf' as const, n: 6000 },
  ])('stops generate and tools in one line ($n $keyword chain), writing nothing', ({ keyword, n }) => {
    const dir = chainSpec(keyword, n);
    const generated = runCli(['generate', 'spec.json', '--out', 'out'], { cwd: dir });
    expect(generated).toMatchObject({ code: 1, stderr: TOO_DEEP });
    expect(existsSync(join(dir, 'out'))).toBe(false);
    expect(runCli(['tools', 'spec.json'], { cwd: dir })).toMatchObject({ code: 1, stderr: TOO_DEEP });
  }, 60_000);

  it('still generates a chain as long as real specs have (50)', () => {
    const dir = chainSpec('oneOf', 50);
    const r = runCli(['tools', 'spec.json'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});
