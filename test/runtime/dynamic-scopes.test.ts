import type { AuthInfo, JSONRPCRequest } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { callToolScopeChallenge, createDynamicViews, unknownToolset, visibleNames, visibleToolsets } from '../../templates/runtime/dynamic-scopes.gen.js';
import type { ToolCatalogData } from '../../templates/runtime/search-core.gen.js';
import { toolsetIndex } from '../../templates/runtime/tool-selection.gen.js';

// Positions 0..4; 3 is not selected at start.
const catalog: ToolCatalogData = {
  toolsets: [{ name: 'notes', description: '', tools: 5 }],
  tools: ['listNotes', 'createNote', 'deleteNote', 'exportNotes', 'getStats'].map((name) => ({ name, summary: name, toolset: 0, readOnly: false })),
};
const SCOPES: readonly (readonly string[])[] = [['read'], ['write'], ['destructive'], ['read'], ['admin', 'read']];
const selected = [0, 1, 2, 4];
const token = (...scopes: string[]): AuthInfo => ({ token: 't', clientId: 'c', scopes });
/** The views, and each page they built: its positions, `private` when it follows a token. */
function viewsAndPages() {
  const pages: string[] = [];
  const views = createDynamicViews({
    positions: selected,
    scopes: (i) => SCOPES[i]!,
    page: (positions, scoped) => {
      pages.push(`${positions.join(',')}${scoped ? ' private' : ''}`);
      return { tools: [] };
    },
  });
  return { views, pages };
}
const { views } = viewsAndPages();

describe('createDynamicViews', () => {
  const cases: { name: string; given: AuthInfo | undefined; want: number[] }[] = [
    { name: 'no token info: the start selection', given: undefined, want: [0, 1, 2, 4] },
    { name: 'read: the read tools selected', given: token('read'), want: [0] },
    { name: 'a tool needs all of its scopes', given: token('admin'), want: [] },
    { name: 'admin read', given: token('read', 'admin'), want: [0, 4] },
    { name: 'every scope', given: token('admin', 'destructive', 'read', 'write'), want: [0, 1, 2, 4] },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      const view = views(given);
      expect([view.positions, [...view.visible], view.scoped]).toEqual([want, want, given !== undefined]);
    });
  }

  it('builds one page per distinct set of known scopes, and keeps it', () => {
    const { views, pages } = viewsAndPages();
    const a = views(token('read', 'openid'));
    expect(views(token('openid', 'read', 'read'))).toBe(a);
    expect(views(token('write'))).not.toBe(a);
    expect(pages).toEqual(['0,1,2,4', '0 private', '1 private']);
  });

  it('without the tools scopes, a request with token info sees nothing', () => {
    const blind = createDynamicViews({ positions: selected, page: () => ({ tools: [] }) });
    expect(blind(undefined).positions).toEqual(selected);
    expect(blind(token('read')).positions).toEqual([]);
  });
});

describe('callToolScopeChallenge', () => {
  const positionOf = new Map(selected.map((i) => [catalog.tools[i]!.name, i]));
  const challenge = callToolScopeChallenge(positionOf, (i) => SCOPES[i]!);
  const call = (args: unknown, authInfo?: AuthInfo) =>
    challenge({ request: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'call_tool', arguments: args } } as JSONRPCRequest, ...(authInfo ? { authInfo } : {}) });
  const cases: { name: string; args: unknown; authInfo?: AuthInfo; want: unknown }[] = [
    { name: 'a scope the token lacks: the tool scopes', args: { name: 'createNote' }, authInfo: token('read'), want: { scopes: ['write'], errorDescription: 'This tool needs the scope write' } },
    { name: 'all of them named', args: { name: 'getStats' }, authInfo: token('read'), want: { scopes: ['admin', 'read'], errorDescription: 'This tool needs the scope admin read' } },
    { name: 'granted', args: { name: 'listNotes' }, authInfo: token('read'), want: undefined },
    { name: 'no token info', args: { name: 'createNote' }, want: undefined },
    { name: 'not selected: the handler says unknown', args: { name: 'exportNotes' }, authInfo: token('write'), want: undefined },
    { name: 'unknown', args: { name: 'nope' }, authInfo: token('read'), want: undefined },
    { name: 'no name', args: {}, authInfo: token('read'), want: undefined },
    { name: 'a name that is not a string', args: { name: 1 }, authInfo: token('read'), want: undefined },
  ];
  for (const { name, args, authInfo, want } of cases) it(name, async () => expect(await call(args, authInfo)).toEqual(want));
});

describe('visibleNames', () => {
  const names = visibleNames(catalog, new Map(selected.map((i) => [catalog.tools[i]!.name, i])));
  it('a name exists only in its view', () => {
    expect(names.has('createNote', views(undefined))).toBe(true);
    expect(names.has('createNote', views(token('read')))).toBe(false);
    expect(names.has('exportNotes', views(undefined))).toBe(false);
  });
  it('close matches come from the view only', () => {
    expect(names.unknown('createNotes', views(undefined))).toBe('Unknown tool "createNotes"; close matches: createNote');
    expect(names.unknown('createNotes', views(token('read')))).toBe('Unknown tool "createNotes"; search_tools finds tools by task');
    expect(names.unknown('exportNote', views(undefined))).toBe('Unknown tool "exportNote"; search_tools finds tools by task');
  });
});

describe('visibleToolsets: a toolset whose tools a request cannot see does not exist for it', () => {
  // notes: listNotes (read), createNote (write); admin: getStats (admin).
  const sets: ToolCatalogData = {
    toolsets: [{ name: 'notes', description: '', tools: 2 }, { name: 'admin', description: '', tools: 1 }],
    tools: [
      { name: 'listNotes', summary: '', toolset: 0, readOnly: true },
      { name: 'createNote', summary: '', toolset: 0, readOnly: false },
      { name: 'getStats', summary: '', toolset: 1, readOnly: true },
    ],
  };
  const needs = [['read'], ['write'], ['admin']];
  const view = createDynamicViews({ positions: [0, 1, 2], scopes: (i) => needs[i]!, page: () => ({ tools: [] }) });
  // What search_tools does with its `toolset`: the index among the visible toolsets, else its answer.
  const find = (name: string, authInfo: AuthInfo | undefined): number | string => {
    const visible = visibleToolsets(sets, view(authInfo));
    return toolsetIndex(sets, name, visible) ?? unknownToolset(name, [...visible].map((i) => sets.toolsets[i]!.name));
  };
  const NONE = "use one that search_tools' description lists, or leave toolset out to search every tool";

  it('holds the toolsets of the visible tools only', () => {
    expect([...visibleToolsets(sets, view(undefined))]).toEqual([0, 1]);
    expect([...visibleToolsets(sets, view(token('read')))]).toEqual([0]);
    expect([...visibleToolsets(sets, view(token('openid')))]).toEqual([]);
  });

  it('a hidden toolset is answered as one that does not exist, close matches from the visible ones only', () => {
    // Worded for the model that reads it: no CLI flag, the same words for a hidden and a missing toolset.
    expect(find('admin', token('read'))).toBe(`unknown toolset "admin"; ${NONE}`);
    expect(find('nimda', token('read'))).toBe(`unknown toolset "nimda"; ${NONE}`);
    expect(find('admins', token('read'))).toBe(`unknown toolset "admins"; ${NONE}`);
    expect(find('note', token('read'))).toBe('unknown toolset "note"; close matches: notes');
    expect(find('Notes', token('read'))).toBe(0);
    expect(find('admin', token('admin'))).toBe(1);
    expect(find('admins', undefined)).toBe('unknown toolset "admins"; close matches: admin');
  });
});
