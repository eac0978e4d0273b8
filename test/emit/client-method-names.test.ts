import { describe, expect, it } from 'vitest';
import { lowerCamelCase, METHOD_NAME, methodNames } from '../../src/emit/client-method-names.js';

describe('lowerCamelCase', () => {
  const cases: { name: string; given: string; want: string }[] = [
    { name: 'snake case', given: 'list_items', want: 'listItems' },
    { name: 'kebab case', given: 'list-items', want: 'listItems' },
    { name: 'dots (spec name style)', given: 'users.ListMessages', want: 'usersListMessages' },
    { name: 'already camel', given: 'getPetById', want: 'getPetById' },
    { name: 'Pascal case', given: 'GetPet', want: 'getPet' },
    { name: 'capitals only', given: 'GET_PETS', want: 'getPets' },
    { name: 'leading acronym', given: 'HTTPGet_status', want: 'httpGetStatus' },
    { name: 'inner acronym kept', given: 'get_HTTPStatus', want: 'getHTTPStatus' },
    { name: 'acronym word later', given: 'get_ID', want: 'getId' },
    { name: 'runs of separators', given: 'a__b--c..d', want: 'aBCD' },
    { name: 'leading and trailing separators', given: '_private_', want: 'private' },
    { name: 'digits', given: 'v2_list_3d_models', want: 'v2List3dModels' },
    { name: 'only separators', given: '___', want: '_' },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(lowerCamelCase(given)).toBe(want));
});

describe('methodNames', () => {
  const cases: { name: string; given: string[]; want: string[] }[] = [
    { name: 'the issue example', given: ['list_items', 'get_item'], want: ['listItems', 'getItem'] },
    { name: 'collisions in tools/list order', given: ['list_items', 'list-items', 'listItems'], want: ['listItems', 'listItems2', 'listItems3'] },
    { name: 'a suffixed name already taken', given: ['list_items2', 'list_items', 'list-items'], want: ['listItems2', 'listItems', 'listItems3'] },
    { name: 'a digit first', given: ['2fa_enable'], want: ['_2faEnable'] },
    { name: 'reserved words', given: ['delete', 'new', 'class', 'import'], want: ['delete_', 'new_', 'class_', 'import_'] },
    { name: 'the client\'s own close, thenables, inherited members', given: ['close', 'then', 'constructor', 'to_string'], want: ['close_', 'then_', 'constructor_', 'toString_'] },
    { name: '__proto__ cannot come out', given: ['__proto__'], want: ['proto'] },
    { name: 'reserved after case change', given: ['DELETE'], want: ['delete_'] },
    { name: 'a reserved name colliding with its fixed form', given: ['delete_', 'delete'], want: ['delete_', 'delete_2'] },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      const got = methodNames(given);
      expect(got).toEqual(want);
      for (const n of got) expect(n).toMatch(METHOD_NAME);
    });
  }
});
