import { describe, expect, it } from 'vitest';
import { buildCatalog, createSearch, indexOptions, searchDocuments, type SearchableTool } from '../../templates/runtime/search-core.gen.js';
import { loadStoredIndex } from '../../templates/runtime/search-index-store.gen.js';
import { searchIndexJson } from '../../src/emit/search-index-json.js';

/**
 * Misses a dynamic-mode audit found on the GitHub spec, on the tools involved (their titles,
 * first description paragraphs, methods, paths and arguments as the generator maps them from
 * github-rest.3.0.json), each fixed by a general rule of the ranking, not by the query.
 */
describe('search ranking: the GitHub audit misses', () => {
  type Argument = string | [name: string, values: string[]];
  const tool = (name: string, title: string, description: string, method: string, path: string, args: Argument[]): SearchableTool => ({
    definition: {
      name,
      title,
      description,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(args.map((a) => (typeof a === 'string' ? [a, { type: 'string' }] : [a[0], { type: 'string', enum: a[1] }]))),
      },
      annotations: { readOnlyHint: method === 'GET' },
    },
    binding: { kind: 'http', method, path, operationId: name.replace('_', '/') },
  });
  const repo = ['owner', 'repo'];
  const tools = [
    tool('pulls_list', 'List pull requests', 'Lists pull requests in a specified repository.', 'GET', '/repos/{owner}/{repo}/pulls', [
      ...repo,
      ['state', ['open', 'closed', 'all']],
      'head',
      'base',
      ['sort', ['created', 'updated', 'popularity', 'long-running']],
      ['direction', ['asc', 'desc']],
    ]),
    tool(
      'repos_list-pull-requests-associated-with-commit',
      'List pull requests associated with a commit',
      'Lists the merged pull request that introduced the commit to the repository. If the commit is not present in the default branch, it will return merged and open pull requests associated with the commit.',
      'GET',
      '/repos/{owner}/{repo}/commits/{commit_sha}/pulls',
      [...repo, 'commit_sha'],
    ),
    tool('pulls_list-files', 'List pull requests files', 'Lists the files in a specified pull request.', 'GET', '/repos/{owner}/{repo}/pulls/{pull_number}/files', [...repo, 'pull_number']),
    tool('pulls_list-commits', 'List commits on a pull request', 'Lists a maximum of 250 commits for a pull request.', 'GET', '/repos/{owner}/{repo}/pulls/{pull_number}/commits', [...repo, 'pull_number']),
    tool('pulls_list-reviews', 'List reviews for a pull request', 'Lists all reviews for a specified pull request.', 'GET', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', [...repo, 'pull_number']),
    tool('pulls_create', 'Create a pull request', 'Draft pull requests are available in public repositories.', 'POST', '/repos/{owner}/{repo}/pulls', [...repo, 'title', 'head', 'base', 'body', 'draft']),
    tool(
      'pulls_list-requested-reviewers',
      'Get all requested reviewers for a pull request',
      'Gets the users or teams whose review is requested for a pull request.',
      'GET',
      '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
      [...repo, 'pull_number'],
    ),
    tool(
      'pulls_request-reviewers',
      'Request reviewers for a pull request',
      'This endpoint triggers notifications.',
      'POST',
      '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
      [...repo, 'pull_number', 'reviewers', 'team_reviewers'],
    ),
    tool('git_delete-ref', 'Delete a reference', 'Deletes the provided reference.', 'DELETE', '/repos/{owner}/{repo}/git/refs/{ref}', [...repo, 'ref']),
    tool('repos_delete-branch-protection', 'Delete branch protection', 'Protected branches are available in public repositories.', 'DELETE', '/repos/{owner}/{repo}/branches/{branch}/protection', [...repo, 'branch']),
    tool('repos_list-branches', 'List branches', 'List branches', 'GET', '/repos/{owner}/{repo}/branches', [...repo, 'protected']),
  ];
  const catalog = buildCatalog(tools, (i) => tools[i]!.definition.name.split('_')[0]!);
  const search = createSearch(loadStoredIndex(searchIndexJson(searchDocuments(tools, catalog)), indexOptions()), catalog);
  const ranked = (query: string): string[] => search(query, 10).map((i) => catalog.tools[i]!.name);

  it('"list open PRs": the value a user filters by is indexed from the argument enum (state: open)', () => {
    expect(ranked('list open PRs')[0]).toBe('pulls_list');
  });

  it('"request reviewers for a pull request": the tool named for the query verb beats the list', () => {
    expect(ranked('request reviewers for a pull request').slice(0, 2)).toEqual(['pulls_request-reviewers', 'pulls_list-requested-reviewers']);
  });

  it('"delete a branch": GitHub deletes branches as Git references (branch ↔ ref)', () => {
    expect(ranked('delete a branch')[0]).toBe('git_delete-ref');
  });

  it('the rules do not displace what already ranked first', () => {
    expect(ranked('list branches')[0]).toBe('repos_list-branches');
    expect(ranked('make a pull request')[0]).toBe('pulls_create');
    expect(ranked('remove branch protection')[0]).toBe('repos_delete-branch-protection');
  });

  it("indexes an argument's short enum only: a long one is a catalog, an array's lists fields to pick", () => {
    const events = Array.from({ length: 21 }, (_, i) => `event.${i}`);
    const listed = tool('a_list', 'List things', 'Lists things.', 'GET', '/things', [['state', ['open', 'closed']], ['kind', ['x', 'open']]]);
    const given = [
      { ...listed, definition: { ...listed.definition, inputSchema: { type: 'object', properties: { ...listed.definition.inputSchema.properties as object, $select: { type: 'array', items: { enum: ['id', 'name'] } } } } } },
      tool('b_create', 'Create a hook', 'Creates a hook.', 'POST', '/hooks', [['events', events]]),
    ];
    const documents = searchDocuments(given, buildCatalog(given, () => 'x'));
    expect(documents.map((d) => d.values)).toEqual(['open closed x', '']);
  });
});
