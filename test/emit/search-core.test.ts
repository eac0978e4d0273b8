import { describe, expect, it } from 'vitest';
import { boundedQuery, buildCatalog, buildSearchIndex, createSearch, indexOptions, MAX_QUERY_CHARACTERS, searchDocuments, stem, summaryOf, tokenize, type SearchableTool } from '../../templates/runtime/search-core.gen.js';
import { loadStoredIndex } from '../../templates/runtime/search-index-store.gen.js';
import { searchIndexJson } from '../../src/emit/search-index-json.js';

describe('search-core', () => {
  it('tokenize splits at case, digits and punctuation', () => {
    expect(tokenize('listForAuthenticatedUser')).toEqual(['list', 'For', 'Authenticated', 'User']);
    expect(tokenize('repos_get-content /repos/{owner}')).toEqual(['repos', 'get', 'content', 'repos', 'owner']);
    expect(tokenize('getRepoURL2')).toEqual(['get', 'Repo', 'URL', '2']);
    expect(tokenize('listCoreV1NamespacedPod')).toEqual(['list', 'Core', 'V', '1', 'Namespaced', 'Pod']);
    expect(tokenize('HTTPServer')).toEqual(['HTTP', 'Server']);
  });

  it('tokenize keeps the plural of an acronym in one piece: PRs, not P + Rs', () => {
    expect(tokenize('list open PRs')).toEqual(['list', 'open', 'PRs']);
    expect(tokenize('listPRsForRepo')).toEqual(['list', 'PRs', 'For', 'Repo']);
    expect(tokenize('URLs, IDs and APIs')).toEqual(['URLs', 'IDs', 'and', 'APIs']);
    expect(tokenize('getURLs')).toEqual(['get', 'URLs']);
  });

  const stems: [string, string][] = [
    ['repositories', 'repositori'],
    ['repository', 'repositori'],
    ['issues', 'issu'],
    ['issue', 'issu'],
    ['created', 'creat'],
    ['creating', 'creat'],
    ['starred', 'star'],
    ['stars', 'star'],
    ['status', 'status'],
    ['pods', 'pod'],
    ['get', 'get'],
  ];
  it.each(stems)('stem(%s) = %s', (word, want) => expect(stem(word)).toBe(want));

  it('summaryOf keeps the first paragraph, cut at a word', () => {
    expect(summaryOf('First line\nstill first.\n\nSecond paragraph.')).toBe('First line still first.');
    const long = summaryOf(`${'word '.repeat(100)}end`);
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long.endsWith('word…')).toBe(true);
  });

  const tool = (name: string, title: string, method: string, path: string, params: string[] = [], description = title): SearchableTool => ({
    definition: { name, title, description, inputSchema: { type: 'object', properties: Object.fromEntries(params.map((p) => [p, { type: 'string' }])) }, annotations: { readOnlyHint: method === 'GET' } },
    binding: { kind: 'http', method, path, operationId: name },
  });
  const tools = [
    tool('issues_create', 'Create an issue', 'POST', '/repos/{owner}/{repo}/issues', ['title', 'body']),
    tool('issues_list-for-repo', 'List repository issues', 'GET', '/repos/{owner}/{repo}/issues', ['state']),
    tool('repos_delete', 'Delete a repository', 'DELETE', '/repos/{owner}/{repo}'),
    tool('repos_create-fork', 'Create a fork', 'POST', '/repos/{owner}/{repo}/forks'),
    tool('users_get-authenticated', 'Get the authenticated user', 'GET', '/user'),
    tool('pulls_merge', 'Merge a pull request', 'PUT', '/repos/{owner}/{repo}/pulls/{pull_number}/merge'),
    tool('pulls_list', 'List pull requests', 'GET', '/repos/{owner}/{repo}/pulls', ['state']),
  ];
  const catalog = buildCatalog(tools, (i) => tools[i]!.definition.name.split('_')[0]!);
  const search = createSearch(loadStoredIndex(searchIndexJson(searchDocuments(tools, catalog)), indexOptions()), catalog);
  const top = (query: string): string | undefined => catalog.tools[search(query, 3)[0]!]?.name;

  it('builds the catalog: toolsets by name (none declared), summaries, read-only flags', () => {
    expect(catalog.toolsets).toEqual([
      { name: 'issues', description: '', tools: 2 },
      { name: 'pulls', description: '', tools: 2 },
      { name: 'repos', description: '', tools: 2 },
      { name: 'users', description: '', tools: 1 },
    ]);
    expect(catalog.tools[1]).toEqual({ name: 'issues_list-for-repo', title: 'List repository issues', summary: 'List repository issues', toolset: 0, readOnly: true });
    expect(catalog.tools.map((t) => catalog.toolsets[t.toolset]!.name)).toEqual(['issues', 'issues', 'repos', 'repos', 'users', 'pulls', 'pulls']);
  });

  it('builds the catalog: the declared toolsets in their order first, then the others by name', () => {
    const declared = buildCatalog(tools, (i) => tools[i]!.definition.name.split('_')[0]!, {}, ['users', 'pulls', 'gists']);
    expect(declared.toolsets.map((set) => [set.name, set.tools])).toEqual([['users', 1], ['pulls', 2], ['issues', 2], ['repos', 2]]);
    expect(declared.tools.map((t) => declared.toolsets[t.toolset]!.name)).toEqual(['issues', 'issues', 'repos', 'repos', 'users', 'pulls', 'pulls']);
  });

  const ranking: [string, string][] = [
    ['open a new issue', 'issues_create'],
    ['show the issues of a repo', 'issues_list-for-repo'],
    ['remove a repository', 'repos_delete'],
    ['fork a repo', 'repos_create-fork'],
    ['who am I (my own user)', 'users_get-authenticated'],
    ['merge a PR', 'pulls_merge'],
    ['list PRs of a repo', 'pulls_list'],
    ['the PRs of octocat/hello-world', 'pulls_list'],
  ];
  it.each(ranking)('ranks "%s" → %s first (stems, abbreviations, synonyms, method verbs)', (query, want) => expect(top(query)).toBe(want));

  it('a stored and reloaded index answers exactly as the built one', () => {
    const built = createSearch(buildSearchIndex(tools, catalog), catalog);
    for (const [query] of ranking) expect(search(query, 10)).toEqual(built(query, 10));
  });

  it('answers do not depend on earlier queries or filters (the term cache)', () => {
    const fresh = (query: string) => createSearch(buildSearchIndex(tools, catalog), catalog)(query, 10);
    const warm = createSearch(buildSearchIndex(tools, catalog), catalog);
    warm('issue', 10, (i) => i === 0);
    for (const [query] of ranking) warm(query, 10);
    for (const [query] of [...ranking].reverse()) expect(warm(query, 10)).toEqual(fresh(query));
  });

  it('reads a query up to 1,000 characters, cut after a whole word: words past it do not count', () => {
    const padding = 'x'.repeat(MAX_QUERY_CHARACTERS - 'merge a PR '.length - 3);
    const head = `merge a PR ${padding} `; // 1,000 characters minus 2: the next word is cut
    expect(boundedQuery(`${head}fork a repo`)).toBe(head.slice(0, -1));
    expect(boundedQuery('fork a repo')).toBe('fork a repo');
    expect(search(`${head}fork a repo`, 10)).toEqual(search(head, 10));
    expect(search(head, 10).map((i) => catalog.tools[i]!.name)).not.toContain('repos_create-fork');
    expect(top(`fork a repo ${padding}`)).toBe('repos_create-fork');
  });

  it('allowed limits the results; a query of stop words finds nothing', () => {
    expect(search('issue', 10, (i) => i !== 0).map((i) => catalog.tools[i]!.name)).toEqual(['issues_list-for-repo']);
    expect(search('the of a', 10)).toEqual([]);
  });
});
