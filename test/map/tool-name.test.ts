import { describe, expect, it } from 'vitest';
import {
  assignToolNames,
  isValidToolName,
  methodPathName,
  sanitizeToolName,
  shortHash,
  shortenToolName,
  toolNameShortenings,
  type NameRequest,
  type ToolNameStyle,
} from '../../src/map/tool-name.js';

describe('sanitizeToolName', () => {
  const cases: { name: string; given: [string, ToolNameStyle]; want: string }[] = [
    { name: 'slash becomes underscore', given: ['repos/get', 'portable'], want: 'repos_get' },
    { name: 'keeps case and hyphens', given: ['actions/get-github-actions-permissions', 'portable'], want: 'actions_get-github-actions-permissions' },
    { name: 'camelCase untouched', given: ['getUser', 'portable'], want: 'getUser' },
    { name: 'accents stripped, spaces and brackets to one underscore', given: ['Get Café Menu (v2)', 'portable'], want: 'Get_Cafe_Menu_v2' },
    { name: 'dot becomes underscore in portable style', given: ['users.ListMessages', 'portable'], want: 'users_ListMessages' },
    { name: 'dot kept in spec style', given: ['users.ListMessages', 'spec'], want: 'users.ListMessages' },
    { name: 'explicit separators in a run win over _', given: ['a - b', 'portable'], want: 'a-b' },
    { name: 'double underscore of the author kept', given: ['a__b', 'portable'], want: 'a__b' },
    { name: 'leading and trailing separators trimmed', given: ['/-pets-/', 'portable'], want: 'pets' },
    { name: 'apostrophes dropped', given: ["user's pets", 'portable'], want: 'users_pets' },
    { name: 'letters NFKD keeps whole are transliterated', given: ['Straße Ærø', 'portable'], want: 'Strasse_AEro' },
    { name: 'full-width letters folded by NFKD', given: ['ｇｅｔＵｓｅｒ', 'portable'], want: 'getUser' },
    { name: 'mixed Japanese and ASCII keeps the ASCII', given: ['ユーザー取得 getUser', 'portable'], want: 'getUser' },
    { name: 'all Japanese leaves nothing', given: ['ユーザーを取得する', 'portable'], want: '' },
    { name: 'digits only is not usable', given: ['1234', 'portable'], want: '' },
    { name: 'emoji becomes a separator', given: ['send🚀rocket', 'portable'], want: 'send_rocket' },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(sanitizeToolName(...given)).toBe(want);
  });
});

describe('methodPathName', () => {
  const cases: { name: string; given: [string, string]; want: string }[] = [
    { name: 'parameters keep their names', given: ['GET', '/pets/{petId}/photos'], want: 'get_pets_petId_photos' },
    { name: 'root path', given: ['post', '/'], want: 'post_root' },
    { name: 'custom method suffix', given: ['POST', '/v1/{name}:cancel'], want: 'post_v1_name_cancel' },
    { name: 'dotted version in portable style', given: ['get', '/v1.0/me'], want: 'get_v1_0_me' },
    { name: 'non-ASCII segment dropped', given: ['get', '/ユーザー/{id}'], want: 'get_id' },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(methodPathName(given[0], given[1], 'portable')).toBe(want);
  });
});

describe('shortenToolName', () => {
  const cases: { name: string; given: [string, number]; want: string }[] = [
    { name: 'fits: unchanged', given: ['repos_get', 64], want: 'repos_get' },
    {
      name: 'drops the segment after the head (GitHub)',
      given: ['actions_list-selected-repositories-enabled-github-actions-organization', 64],
      want: 'actions_list-repositories-enabled-github-actions-organization',
    },
    {
      name: 'filler words go first, last first',
      given: ['codespaces_list-devcontainers-in-repository-for-authenticated-user', 64],
      want: 'codespaces_list-devcontainers-in-repository-authenticated-user',
    },
    {
      name: 'all fillers, then content words',
      given: ['packages_get-all-package-versions-for-package-owned-by-authenticated-user', 64],
      want: 'packages_get-package-versions-package-owned-authenticated-user',
    },
    {
      name: 'msgraph: whole dotted segments after the head, specific end kept',
      given: ['deviceAppManagement_managedAppRegistrations_appliedPolicies_targetApps', 64],
      want: 'deviceAppManagement_appliedPolicies_targetApps',
    },
    {
      name: 'msgraph: long chain keeps its most specific end',
      given: ['drives_drive_items_driveItem_workbook_worksheets_workbookWorksheet_charts_workbookChart_series_workbookChartSeries_points_workbookChartPoint_format_fill_setSolidColor', 64],
      want: 'drives_drive_points_workbookChartPoint_format_fill_setSolidColor',
    },
    {
      name: 'camelCase words when segments are not enough',
      given: ['authenticationMethodConfigurations_authenticationMethodConfiguration_ListAuthenticationMethodConfiguration', 64],
      want: 'authenticationMethod_ListAuthenticationMethodConfiguration',
    },
    {
      name: 'one camelCase segment: words from the middle',
      given: ['getTheVeryLongListOfAllRepositoryInvitationsForTheAuthenticatedUserAccount', 40],
      want: 'getVeryAuthenticatedUserAccount',
    },
    { name: 'acronyms are one word', given: ['getHTTPServerConfigurationDetails', 20], want: 'getHTTPDetails' },
    { name: 'digits stay with their word', given: ['listV2ReposForOauth2Apps', 16], want: 'listV2Oauth2Apps' },
    { name: 'a single word too long is cut', given: ['Supercalifragilisticexpialidocious', 10], want: 'Supercalif' },
    { name: 'leading words when first and last do not fit', given: ['alpha_beta_gammadeltaepsilonzeta', 12], want: 'alpha_beta' },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const got = shortenToolName(...given);
    expect(got).toBe(want);
    expect(got.length).toBeLessThanOrEqual(given[1]);
  });

  it('offers distinct alternatives, most readable first, all within the limit', () => {
    const got = [...toolNameShortenings('identityGovernance_entitlementManagement_catalogs_accessPackages_UpdateAssignmentPolicies', 64)];
    expect(got.slice(0, 4)).toEqual([
      // drop the segments right after the head
      'identityGovernance_accessPackages_UpdateAssignmentPolicies',
      // keep one middle segment
      'identityGovernance_catalogs_UpdateAssignmentPolicies',
      // drop words up to a segment end
      'identityGovernance_entitlement_UpdateAssignmentPolicies',
      // leading words
      'identityGovernance_entitlementManagement_catalogs_accessPackages',
    ]);
    expect(new Set(got).size).toBe(got.length);
    for (const name of got) expect(name.length).toBeLessThanOrEqual(64);
  });
});

describe('shortHash', () => {
  it('is 6 stable hex digits', () => {
    expect(shortHash('')).toBe('811c9d');
    expect(shortHash('a')).toBe('e40c29');
  });
});

function op(key: string, operationId?: string, override?: string): NameRequest {
  const [method = '', path = ''] = key.split(' ');
  return { key, method, path, ...(operationId === undefined ? {} : { operationId }), ...(override === undefined ? {} : { override }) };
}

describe('assignToolNames', () => {
  const cases: { name: string; given: NameRequest[]; style?: ToolNameStyle; want: Record<string, string> }[] = [
    {
      name: 'operationIds sanitized, case kept',
      given: [op('GET /repos', 'repos/get'), op('GET /users/{id}', 'getUser')],
      want: { 'GET /repos': 'repos_get', 'GET /users/{id}': 'getUser' },
    },
    {
      name: 'override wins over operationId',
      given: [op('GET /pets', 'listPets', 'pets list')],
      want: { 'GET /pets': 'pets_list' },
    },
    {
      name: 'no operationId: method and path',
      given: [op('GET /pets/{petId}/photos'), op('DELETE /pets/{petId}')],
      want: { 'GET /pets/{petId}/photos': 'get_pets_petId_photos', 'DELETE /pets/{petId}': 'delete_pets_petId' },
    },
    {
      name: 'unusable operationId falls back to method and path',
      given: [op('GET /users', 'ユーザー一覧')],
      want: { 'GET /users': 'get_users' },
    },
    {
      name: 'case-insensitive clash: first in path order keeps the name, other method gets its method',
      given: [op('POST /pets', 'GetPet'), op('GET /pets', 'getPet')],
      want: { 'GET /pets': 'getPet', 'POST /pets': 'GetPet_post' },
    },
    {
      name: 'same method clash gets a counter that skips taken names',
      given: [op('GET /a', 'thing'), op('GET /b', 'thing'), op('GET /c', 'thing_2')],
      want: { 'GET /a': 'thing', 'GET /b': 'thing_3', 'GET /c': 'thing_2' },
    },
    {
      name: 'path order decides, then method order get, put, post, delete',
      given: [op('DELETE /x', 'same'), op('POST /x', 'same'), op('PUT /x', 'same')],
      want: { 'PUT /x': 'same', 'POST /x': 'same_post', 'DELETE /x': 'same_delete' },
    },
    {
      name: 'an override keeps its name against an earlier operationId',
      given: [op('GET /a', 'listThings'), op('GET /b', undefined, 'listThings')],
      want: { 'GET /a': 'listThings_2', 'GET /b': 'listThings' },
    },
    {
      name: 'shortened names that would clash take another choice of words',
      given: [
        op('GET /1', 'identityGovernance.entitlementManagement.accessPackages.UpdateAssignmentPolicies'),
        op('GET /2', 'identityGovernance.entitlementManagement.catalogs.accessPackages.UpdateAssignmentPolicies'),
      ],
      want: {
        'GET /1': 'identityGovernance_entitlement_UpdateAssignmentPolicies',
        'GET /2': 'identityGovernance_catalogs_UpdateAssignmentPolicies',
      },
    },
    {
      name: 'a shortened name never takes a name that fits',
      given: [op('GET /1', 'alpha_omega'), op('GET /2', `alpha_${'b'.repeat(60)}_omega`)],
      want: { 'GET /1': 'alpha_omega', 'GET /2': 'alpha' },
    },
    {
      name: 'a name of an Object.prototype member (the SDK cannot register it) gets its method',
      given: [op('GET /a', 'toString'), op('POST /b', 'constructor'), op('GET /c', '__proto__'), op('GET /d', 'toString_get')],
      want: { 'GET /a': 'toString_get', 'POST /b': 'constructor_post', 'GET /c': 'proto', 'GET /d': 'toString_get_2' },
    },
    {
      name: 'nor is one chosen by shortening',
      given: [op('GET /a', `hasOwnProperty${'A'.padEnd(61, 'a')}`)],
      want: { 'GET /a': `hasOwnProperty_${shortHash(`hasOwnProperty${'A'.padEnd(61, 'a')}`)}` },
    },
    {
      name: 'spec style keeps dots and allows 128 characters',
      given: [op('GET /x', 'deviceAppManagement.managedAppRegistrations.appliedPolicies.targetApps')],
      style: 'spec',
      want: { 'GET /x': 'deviceAppManagement.managedAppRegistrations.appliedPolicies.targetApps' },
    },
  ];
  it.each(cases)('$name', ({ given, style, want }) => {
    const got = assignToolNames(given, { style: style ?? 'portable' });
    expect(Object.fromEntries(got)).toEqual(want);
  });

  it('hashes only when every choice of words is taken', () => {
    // Two words each: the only shortening is the first word, the same for both, so both hash.
    const long = 'a'.repeat(40);
    const given = [op('GET /1', `${long}_${long}x`), op('GET /2', `${long}_${long}y`), op('GET /3', 'short')];
    const got = assignToolNames(given, { style: 'portable' });
    expect(Object.fromEntries(got)).toEqual({
      'GET /1': `${long}_${shortHash(`${long}_${long}x`)}`,
      'GET /2': `${long}_${shortHash(`${long}_${long}y`)}`,
      'GET /3': 'short',
    });
  });

  it('gives the same names whatever the input order, all valid and unique', () => {
    const given: NameRequest[] = [];
    for (let i = 0; i < 60; i++) {
      const path = `/orgs/{org}/item${i % 7}/{id}`;
      given.push(op(`GET ${path}/a${i}`, `orgs/get-selected-repositories-enabled-github-actions-organization-${i % 5}`));
      given.push(op(`POST ${path}/b${i}`, i % 3 === 0 ? undefined : `OrgsCreateSomething${i % 4}`));
    }
    const forward = assignToolNames(given, { style: 'portable' });
    const backward = assignToolNames([...given].reverse(), { style: 'portable' });
    const shuffled = assignToolNames(
      given.map((g, i) => ({ g, k: (i * 7919) % given.length })).sort((a, b) => a.k - b.k).map((x) => x.g),
      { style: 'portable' },
    );
    expect(Object.fromEntries(backward)).toEqual(Object.fromEntries(forward));
    expect(Object.fromEntries(shuffled)).toEqual(Object.fromEntries(forward));
    const names = [...forward.values()];
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(given.length);
    for (const name of names) expect(isValidToolName(name, 'portable')).toBe(true);
  });
});

describe('isValidToolName', () => {
  const cases: { name: string; given: [string, ToolNameStyle]; want: boolean }[] = [
    { name: 'portable accepts letters, digits, _ and -', given: ['get_user-v2', 'portable'], want: true },
    { name: 'portable rejects dots', given: ['users.list', 'portable'], want: false },
    { name: 'spec accepts dots', given: ['users.list', 'spec'], want: true },
    { name: 'portable max 64', given: ['a'.repeat(65), 'portable'], want: false },
    { name: 'spec max 128', given: ['a'.repeat(128), 'spec'], want: true },
    { name: 'empty is invalid', given: ['', 'spec'], want: false },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(isValidToolName(...given)).toBe(want);
  });
});
