import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import type { ToolCatalogData } from '../../templates/runtime/search-core.gen.js';
import { closeMatches, emptySelection, LIST_WRAPPER_TOKENS, modeForSelection, selectedTokens, selectionRequest, SelectionError, selectTools, toolsetTable } from '../../templates/runtime/tool-selection.gen.js';
import { fixtureConfig, sampleCatalog as catalog } from './server-fixtures.js';

const config = { ...fixtureConfig, env: { ...fixtureConfig.env, toolsets: 'X_TOOLSETS', tools: 'X_TOOLS', readOnly: 'X_READ_ONLY', toolsMode: 'X_TOOLS_MODE' } };


const request = (flags: Record<string, string>, env: Record<string, string> = {}) => selectionRequest(new Map(Object.entries(flags)), env, config);

describe('selectionRequest', () => {
  it('reads flags, falls back to the environment, and a flag wins', () => {
    expect(request({})).toEqual({ readOnly: false });
    expect(request({ '--toolsets': 'a, b,,', '--tools': 'x', '--read-only': '', '--tools-mode': 'dynamic' })).toEqual({ toolsets: ['a', 'b'], tools: ['x'], readOnly: true, toolsMode: 'dynamic' });
    // `from` names the variables used, for the messages.
    expect(request({}, { X_TOOLSETS: 'a', X_TOOLS: 'y,z', X_READ_ONLY: 'yes', X_TOOLS_MODE: 'static' })).toEqual({
      toolsets: ['a'], tools: ['y', 'z'], readOnly: true, toolsMode: 'static', from: { toolsets: 'X_TOOLSETS', tools: 'X_TOOLS', readOnly: 'X_READ_ONLY' },
    });
    expect(request({ '--toolsets': 'b' }, { X_TOOLSETS: 'a', X_READ_ONLY: 'false' })).toEqual({ toolsets: ['b'], readOnly: false });
    expect(request({}, { X_READ_ONLY: 'On' }).readOnly).toBe(true);
    expect(request({}, { X_TOOLS_MODE: ' STATIC ' }).toolsMode).toBe('static'); // any case, as the booleans
    expect(request({ '--tools-mode': 'Dynamic' }).toolsMode).toBe('dynamic');
    expect(request({}, { X_READ_ONLY: 'off' }).readOnly).toBe(false);
    expect(request({}, { X_TOOLSETS: '  ' })).toEqual({ readOnly: false });
  });

  it('rejects a bad mode or boolean in one line naming where it came from', () => {
    expect(() => request({ '--tools-mode': 'lazy' })).toThrow(new SelectionError('--tools-mode must be static or dynamic, got "lazy"'));
    expect(() => request({}, { X_READ_ONLY: 'maybe' })).toThrow(new SelectionError('X_READ_ONLY must be true, false, 1, 0, yes, no, on or off, got "maybe"'));
  });
});

describe('selectTools', () => {
  const select = (r: Parameters<typeof selectTools>[1]) => selectTools(catalog, r).map((i) => catalog.tools[i]!.name);
  it('toolsets, tools (their union), read-only on top; everything by default', () => {
    expect(select({ readOnly: false })).toEqual(catalog.tools.map((t) => t.name));
    expect(select({ readOnly: false, toolsets: ['repos'] })).toEqual(['repos_get', 'repos_delete']);
    expect(select({ readOnly: false, toolsets: ['users'] })).toEqual(['users_get']); // ignoring case when unique
    expect(select({ readOnly: false, tools: ['users_get', 'issues_list'] })).toEqual(['issues_list', 'users_get']);
    expect(select({ readOnly: false, toolsets: ['repos'], tools: ['issues_create'] })).toEqual(['issues_create', 'repos_get', 'repos_delete']);
    expect(select({ readOnly: true })).toEqual(['issues_list', 'repos_get', 'users_get']);
    expect(select({ readOnly: true, toolsets: ['issues'] })).toEqual(['issues_list']);
  });

  it('an unknown name is one line with the close matches', () => {
    expect(() => select({ readOnly: false, toolsets: ['repo'] })).toThrow('unknown toolset "repo" (--toolsets); close matches: repos');
    expect(() => select({ readOnly: false, toolsets: ['zzz'] })).toThrow('unknown toolset "zzz" (--toolsets); see --list-toolsets');
    expect(() => select({ readOnly: false, tools: ['repos_gte'] })).toThrow('unknown tool "repos_gte" (--tools); close matches: repos_get');
    expect(() => select({ readOnly: false, tools: ['\u001b[31mx'] })).toThrow('unknown tool "?[31mx" (--tools); no close match');
  });

  it('names every unknown name of a flag in the one line, and the variable it came from', () => {
    expect(() => select({ readOnly: false, toolsets: ['repo', 'issues', 'isues'] })).toThrow(new SelectionError('unknown toolsets (--toolsets): "repo" (close matches: repos); "isues" (close matches: issues)'));
    expect(() => select({ readOnly: false, toolsets: ['repo', 'zzz'] })).toThrow(new SelectionError('unknown toolsets (--toolsets): "repo" (close matches: repos); "zzz" (no close match); see --list-toolsets'));
    expect(() => select({ readOnly: false, tools: ['issues_list', 'nope1', 'nope2'] })).toThrow(new SelectionError('unknown tools (--tools): "nope1" (no close match); "nope2" (no close match)'));
    expect(() => selectTools(catalog, request({}, { X_TOOLSETS: 'repo' }))).toThrow(new SelectionError('unknown toolset "repo" (X_TOOLSETS); close matches: repos'));
    expect(() => selectTools(catalog, request({}, { X_TOOLS: 'repos_gte' }))).toThrow(new SelectionError('unknown tool "repos_gte" (X_TOOLS); close matches: repos_get'));
  });

  it('a selection that leaves no tool says why; one that leaves some, or asks for none, is fine', () => {
    const empty = (r: Parameters<typeof selectTools>[1], c: ToolCatalogData = catalog) => emptySelection(c, r, selectTools(c, r));
    expect(empty({ readOnly: true, tools: ['issues_create'] })).toBe('--read-only leaves none of the selected tools (issues_create is not read-only)');
    expect(empty({ readOnly: true, tools: ['issues_create', 'repos_delete'] })).toBe('--read-only leaves none of the selected tools (issues_create, repos_delete are not read-only)');
    expect(empty(request({ '--tools': 'issues_create' }, { X_READ_ONLY: '1' }))).toBe('X_READ_ONLY leaves none of the selected tools (issues_create is not read-only)');
    const writes: ToolCatalogData = { toolsets: [{ name: 'w', description: '', tools: 5 }], tools: catalog.tools.map((tool) => ({ ...tool, toolset: 0, readOnly: false })) };
    expect(empty({ readOnly: true, toolsets: ['w'] }, writes)).toBe('--read-only leaves none of the selected tools (none of those 5 is read-only)');
    expect(empty({ readOnly: true }, writes)).toBe('--read-only leaves no tools (none of the 5 tools is read-only)');
    expect(empty(request({ '--tools': ',' }))).toBe('--tools names no tool');
    expect(empty({ readOnly: true, tools: ['issues_create', 'issues_list'] })).toBeUndefined();
    expect(empty({ readOnly: false })).toBeUndefined();
    expect(empty({ readOnly: false }, { toolsets: [], tools: [] })).toBeUndefined(); // an empty spec: nothing was asked
  });

  it('closeMatches: same ignoring case, contained, or a few edits away; closest first', () => {
    expect(closeMatches('ISSUES', ['issues', 'users'])).toEqual(['issues']);
    expect(closeMatches('issue', ['issues', 'issue-types', 'users'])).toEqual(['issues', 'issue-types']);
    expect(closeMatches('pulls_mrege', ['pulls_merge', 'pulls_list'])).toEqual(['pulls_merge']);
    expect(closeMatches('x', ['abcdef'])).toEqual([]);
  });

  it('closeMatches: a name that differs only in its separators (_ - . /) comes first, before a shorter name it contains', () => {
    const tools = ['issues_create', 'issues_create-comment', 'issues_update-comment', 'gists_create-comment'];
    expect(closeMatches('issues_create_comment', tools)[0]).toBe('issues_create-comment');
    expect(closeMatches('issues/create-comment', tools)[0]).toBe('issues_create-comment');
    expect(closeMatches('Issues.Create.Comment', tools)[0]).toBe('issues_create-comment');
    expect(closeMatches('issues_create', tools)).toEqual(['issues_create', 'issues_create-comment']);
  });
});

describe('--list-toolsets', () => {
  it("prints a table in the catalog's order (toolsetOrder) with selected/total counts once narrowed", () => {
    expect(toolsetTable(catalog, [0, 1, 2, 3, 4])).toBe(
      ['toolset  tools  read-only  description', 'issues       2          1  Interact with issues.', 'repos        2          1', 'Users        1          1', '3 toolsets, 5 of 5 tools selected', ''].join('\n'),
    );
    expect(toolsetTable(catalog, [0, 2])).toContain('issues     1/2          1  Interact with issues.');
  });
  it('with token counts from the generator: the tokens of the selected tools, per toolset and in all', () => {
    expect(toolsetTable(counted, [0, 1, 2, 3, 4])).toBe(
      [
        'toolset  tools  read-only  tokens  description',
        'issues       2          1     300  Interact with issues.',
        'repos        2          1     700',
        'Users        1          1     500',
        '3 toolsets, 5 of 5 tools selected, 1,504 tokens in a static tools/list',
        '',
      ].join('\n'),
    );
    expect(toolsetTable(counted, [1, 3])).toContain('issues     1/2          1     200  Interact with issues.');
    expect(toolsetTable(counted, [1, 3])).toContain('2 of 5 tools selected, 604 tokens in a static tools/list');
  });
  it("for a package that starts dynamic over its budget (and no --tools-mode): the mode the server starts this selection in, and why", () => {
    const auto = { toolsMode: 'dynamic' as const, toolsBudget: 604 };
    expect(toolsetTable(counted, [0, 1, 2, 3, 4], auto)).toContain('\n3 toolsets, 5 of 5 tools selected, 1,504 tokens in a static tools/list, over the budget of 604: the server starts in dynamic mode\n');
    expect(toolsetTable(counted, [1, 3], auto)).toContain('\n3 toolsets, 2 of 5 tools selected, 604 tokens in a static tools/list, within the budget of 604: the server starts in static mode\n');
    expect(toolsetTable(counted, [1, 4], auto)).toContain('2 of 5 tools selected, 704 tokens in a static tools/list, over the budget of 604: the server starts in dynamic mode');
    // A fixed mode is not the budget's doing: the summary stays as it was.
    expect(toolsetTable(counted, [1, 3], { toolsMode: 'dynamic' })).toContain('2 of 5 tools selected, 604 tokens in a static tools/list\n');
    expect(toolsetTable(catalog, [1, 3], auto)).toContain('3 toolsets, 2 of 5 tools selected\n'); // no counts
  });
});

// 100, 200, … 500 tokens: the whole list 1,504 with the wrapper.
const counted: ToolCatalogData = { toolsets: catalog.toolsets, tools: catalog.tools.map((tool, i) => ({ ...tool, tokens: 100 * (i + 1) })) };

describe('the mode for a start-time selection', () => {
  it('selectedTokens: the tools plus the {"tools":[]} wrapper, as the generator counts a list', () => {
    expect(selectedTokens(counted, [0, 2])).toBe(404);
    expect(selectedTokens(catalog, [0])).toBeUndefined();
    expect(LIST_WRAPPER_TOKENS).toBe(countTokens('{"tools":[]}'));
  });

  it('a package that starts dynamic over its budget serves a narrower selection that fits statically', () => {
    const auto = { toolsMode: 'dynamic' as const, toolsBudget: 504 };
    expect(modeForSelection(auto, counted, [0, 3], true)).toBe('static'); // 100 + 400 + 4
    expect(modeForSelection(auto, counted, [0, 4], true)).toBe('dynamic'); // 604
    expect(modeForSelection(auto, counted, [0, 1, 2, 3, 4], false)).toBe('dynamic');
    expect(modeForSelection(auto, catalog, [0], true)).toBe('dynamic'); // a catalog without counts
    expect(modeForSelection({ toolsMode: 'dynamic' }, counted, [0], true)).toBe('dynamic'); // generated with --tools-mode dynamic
    expect(modeForSelection({ toolsMode: 'static', toolsBudget: 1 }, counted, [0, 1, 2, 3, 4], false)).toBe('static');
  });
});
