import { describe, expect, it } from 'vitest';
import { parseScopes, scopesOf, selectByScopes, toolScopes } from '../../templates/runtime/tool-scopes.gen.js';
import type { ToolAnnotations, ToolEntry } from '../../templates/runtime/types.gen.js';

function tool(name: string, annotations?: ToolAnnotations, scopes?: string[]): ToolEntry {
  return {
    definition: { name, description: name, inputSchema: { type: 'object' }, ...(annotations !== undefined ? { annotations } : {}) },
    binding: { kind: 'http', method: 'GET', path: '/', arguments: {}, security: [] },
    ...(scopes !== undefined ? { scopes } : {}),
  };
}

const list = tool('list', { readOnlyHint: true });
const create = tool('create', { readOnlyHint: false, destructiveHint: false });
const update = tool('update', { destructiveHint: true });
const plain = tool('plain');
const admin = tool('admin', { readOnlyHint: true }, ['admin', 'read']);
const all = [list, create, update, plain, admin];

describe('toolScopes', () => {
  const cases: { name: string; given: ToolEntry; want: string[] }[] = [
    { name: 'read-only: read', given: list, want: ['read'] },
    { name: 'not destructive: write', given: create, want: ['write'] },
    { name: 'destructive: destructive', given: update, want: ['destructive'] },
    { name: 'no annotations: write', given: plain, want: ['write'] },
    { name: 'the spec scopes win over the default', given: admin, want: ['admin', 'read'] },
    { name: 'an empty list counts as none', given: tool('e', { readOnlyHint: true }, []), want: ['read'] },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(toolScopes(given)).toEqual(want));
});

describe('selectByScopes (a tool needs all of its scopes)', () => {
  const names = (scopes: string[] | undefined): string[] => selectByScopes(all, scopes).map((t) => t.definition.name);
  it('no --scopes: every tool', () => expect(names(undefined)).toEqual(['list', 'create', 'update', 'plain', 'admin']));
  it('read', () => expect(names(['read'])).toEqual(['list']));
  it('read, write', () => expect(names(['read', 'write'])).toEqual(['list', 'create', 'plain']));
  it('admin alone is not enough for a tool needing admin and read', () => expect(names(['admin'])).toEqual([]));
  it('admin, read', () => expect(names(['admin', 'read'])).toEqual(['list', 'admin']));
});

describe('parseScopes', () => {
  it('splits on commas and spaces, once each', () => expect(parseScopes('read, write read', all)).toEqual({ scopes: ['read', 'write'] }));
  it('names a scope no tool needs', () =>
    expect(parseScopes('read,reed', all)).toEqual({ error: 'no tool needs scope "reed" (the scopes of this server: "admin", "destructive", "read", "write")' }));
  it('needs one', () => expect(parseScopes(' , ', all)).toEqual({ error: 'needs at least one scope' }));
  it('scopesOf: sorted, distinct', () => expect(scopesOf(all)).toEqual(['admin', 'destructive', 'read', 'write']));
});
