import { describe, expect, it } from 'vitest';
import { actionsOf, fitOf, intentOf, ownVerbOf, queryVerb, type Action, type Intent } from '../../templates/runtime/search-intent.gen.js';
import { DEFAULT_TERMS, queryWords, termNormalizer } from '../../templates/runtime/search-terms.gen.js';

describe('search-intent', () => {
  const intents: [string, Intent][] = [
    ['delete a repo', 'delete'],
    ['please create an issue', 'create'],
    ['can you show me the open issues', 'read'],
    ['list workflow runs', 'list'],
    ['find repositories about machine learning', 'search'],
    ['fork a repository', 'write'],
    ['comment on an issue', 'write'],
    ['invite someone to my organization', 'write'],
    ['who starred my repo', 'read'],
    ['followers of a user', 'list'],
    ['latest release of a project', 'read'],
    ['code scanning alerts for a repo', 'list'],
    ['', ''],
  ];
  it.each(intents)('intentOf(%j) = %j', (query, want) => expect(intentOf(query)).toBe(want));

  const actions: { name: string; given: [string, string, string, string, string]; want: Action[] }[] = [
    { name: 'a GitHub name', given: ['issues_create-comment', 'Create an issue comment', 'issues', 'POST', '/repos/{owner}/{repo}/issues/{n}/comments'], want: ['create'] },
    { name: 'create or update', given: ['actions_create-or-update-repo-secret', 'Create or update a repository secret', 'actions', 'PUT', '/x/{name}'], want: ['create', 'update'] },
    { name: 'a toolset word first', given: ['checks_list-for-ref', 'List check runs for a Git reference', 'checks', 'GET', '/x'], want: ['list'] },
    { name: 'the method in the name, verb from the headline', given: ['PostCustomersCustomer', 'Updates the specified customer.', 'customers', 'POST', '/v1/customers/{customer}'], want: ['update'] },
    { name: 'a Kubernetes name', given: ['readCoreV1NamespacedPodLog', 'read log of the specified Pod', 'core_v1', 'GET', '/api/v1/namespaces/{namespace}/pods/{name}/log'], want: ['get'] },
    { name: 'no verb: a GET of a collection lists', given: ['GetInvoices', 'You can list all invoices.', 'invoices', 'GET', '/v1/invoices'], want: ['list'] },
    { name: 'no verb: a GET of an item gets', given: ['meta_thing', 'The thing', 'meta', 'GET', '/things/{id}'], want: ['get'] },
    { name: 'no verb: a POST to an item updates', given: ['PostThingsThing', 'The thing', 'things', 'POST', '/things/{thing}'], want: ['update'] },
    { name: 'no verb: DELETE deletes', given: ['x_y', 'Nothing here', 'x', 'DELETE', '/x/{id}'], want: ['delete'] },
  ];
  it.each(actions)('actionsOf: $name', ({ given, want }) => expect(actionsOf(...given)).toEqual(want));

  const ownVerbs: [string, string, string, string][] = [
    ['pulls_request-reviewers', 'Request reviewers for a pull request', 'pulls', 'request'],
    ['pulls_merge', 'Merge a pull request', 'pulls', 'merg'],
    ['activity_mark-notifications-as-read', 'Mark notifications as read', 'activity', 'mark'],
    ['pulls_list-requested-reviewers', 'Get all requested reviewers for a pull request', 'pulls', ''],
    ['PostCustomers', 'Create a customer', 'customers', ''],
  ];
  it.each(ownVerbs)('ownVerbOf(%j, %j): the word name and headline both start with', (name, headline, toolset, want) => expect(ownVerbOf(name, headline, toolset)).toBe(want));

  it('queryVerb: the first word after the lead-ins, stemmed; none for a question', () => {
    expect(queryVerb('request reviewers for a pull request')).toBe('request');
    expect(queryVerb('please merge a PR')).toBe('merg');
    expect(queryVerb('who starred my repo')).toBe('');
    expect(queryVerb('')).toBe('');
  });

  it('fitOf: an exact action fits 1, a near one less, none 0', () => {
    expect(fitOf('delete', ['delete'])).toBe(1);
    expect(fitOf('list', ['get'])).toBeLessThan(1);
    expect(fitOf('list', ['get'])).toBeGreaterThan(0);
    expect(fitOf('delete', ['list'])).toBe(0);
    expect(fitOf('update', ['create', 'update'])).toBe(1);
    expect(fitOf('', ['list'])).toBe(0);
  });

  it('queryWords: a word with two terms counts once; words after of/for/in are context', () => {
    const normalize = termNormalizer(DEFAULT_TERMS);
    expect(queryWords('set a secret for GitHub Actions', normalize)).toEqual([
      { terms: ['set'], context: false },
      { terms: ['secret'], context: false },
      { terms: ['git', 'hub'], context: true },
      { terms: ['action'], context: true },
    ]);
    expect(queryWords('who am I logged in as', normalize)).toEqual([{ terms: ['authenticat'], context: false }]);
    expect(queryWords("a customer's repos", normalize)).toEqual([{ terms: ['customer'], context: false }, { terms: ['repositori'], context: false }]);
  });
});
