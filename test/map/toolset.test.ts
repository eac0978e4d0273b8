import { describe, expect, it } from 'vitest';
import { toolsetName } from '../../src/map/toolset.js';

describe('toolsetName', () => {
  const cases: { name: string; given: { tags: string[]; path: string }; want: string }[] = [
    { name: 'first tag', given: { tags: ['repos', 'orgs'], path: '/orgs/{org}' }, want: 'repos' },
    { name: 'tag as written', given: { tags: [' Pet Store '], path: '/pets' }, want: 'Pet Store' },
    { name: 'blank tags are skipped', given: { tags: ['', 'users'], path: '/x' }, want: 'users' },
    { name: 'untagged: first path segment', given: { tags: [], path: '/repos/{owner}/{repo}' }, want: 'repos' },
    { name: 'untagged: template segments are skipped', given: { tags: [], path: '/{tenant}/users' }, want: 'users' },
    { name: 'untagged root path', given: { tags: [], path: '/' }, want: 'default' },
    { name: 'untagged template only', given: { tags: [], path: '/{id}' }, want: 'default' },
    { name: 'untagged: a leading version segment is skipped (Stripe)', given: { tags: [], path: '/v1/customers/{customer}' }, want: 'customers' },
    { name: 'untagged: a date version is skipped (Twilio)', given: { tags: [], path: '/2010-04-01/Accounts.json' }, want: 'Accounts.json' },
    { name: 'untagged: a version alone stays', given: { tags: [], path: '/v2' }, want: 'v2' },
    { name: 'untagged: a word that starts with v stays', given: { tags: [], path: '/videos' }, want: 'videos' },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(toolsetName(given)).toBe(want));
});
