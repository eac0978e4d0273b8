import { describe, expect, it } from 'vitest';
import { DiagnosticBag, formatDiagnostic, UserError } from '../../src/diagnostics.js';
import type { ApiModel, Operation } from '../../src/model/api-model.js';
import { mapToTools } from '../../src/map/map-tools.js';
import { globToRegExp, matchesOperation, parseOperationPattern, selectOperations, type SelectionOptions } from '../../src/map/selection.js';
import { operation } from './operation-builder.js';

describe('globToRegExp', () => {
  const cases: { name: string; given: string; matches: string[]; rejects: string[] }[] = [
    { name: 'literal', given: '/pets/{petId}', matches: ['/pets/{petId}'], rejects: ['/pets/1', '/pets/{petId}/x', '/Pets/{petId}'] },
    { name: '* stays in one segment', given: '/repos/*', matches: ['/repos/x', '/repos/{owner}', '/repos/'], rejects: ['/repos', '/repos/a/b'] },
    { name: '* inside a segment', given: '/pets*', matches: ['/pets', '/pets.json'], rejects: ['/pets/1'] },
    { name: 'trailing /** also matches the parent', given: '/repos/**', matches: ['/repos', '/repos/a', '/repos/a/b/c'], rejects: ['/reposx', '/other'] },
    { name: '/**/ matches zero or more segments', given: '/**/issues', matches: ['/issues', '/a/issues', '/a/b/issues'], rejects: ['/aissues', '/a/issues/1'] },
    { name: '** inside a segment crosses /', given: '/a**z', matches: ['/az', '/a/b/z'], rejects: ['/a/b/y'] },
    { name: 'regex characters are literal', given: '/a.b+(c)?[d]|$^', matches: ['/a.b+(c)?[d]|$^'], rejects: ['/axb+(c)?[d]|$^', '/a.bb(c)d'] },
    { name: 'operationId with *', given: 'repos/*', matches: ['repos/get', 'repos/'], rejects: ['repos/a/b', 'users/get'] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const re = globToRegExp(c.given);
      expect(c.matches.filter((s) => !re.test(s))).toEqual([]);
      expect(c.rejects.filter((s) => re.test(s))).toEqual([]);
    });
  }
});

describe('parseOperationPattern and matchesOperation', () => {
  const getRepo = operation({ method: 'get', path: '/repos/{owner}/{repo}', operationId: 'repos/get' });
  const deleteRepo = operation({ method: 'delete', path: '/repos/{owner}/{repo}', operationId: 'repos/delete' });
  const adminPost = operation({ method: 'post', path: '/admin/users', operationId: 'createUser' });
  const noId = operation({ method: 'get', path: '/health' });
  const all = { getRepo, deleteRepo, adminPost, noId };
  const cases: { name: string; given: string; want: (keyof typeof all)[] }[] = [
    { name: 'METHOD /path glob', given: 'GET /repos/**', want: ['getRepo'] },
    { name: 'method is case-insensitive', given: 'delete /repos/*/*', want: ['deleteRepo'] },
    { name: 'any method', given: '* /admin/*', want: ['adminPost'] },
    { name: 'any path', given: 'DELETE *', want: ['deleteRepo'] },
    { name: 'any path, **', given: 'GET **', want: ['getRepo', 'noId'] },
    { name: 'bare path: any method', given: '/repos/{owner}/{repo}', want: ['getRepo', 'deleteRepo'] },
    { name: 'extra spaces', given: '  GET   /health ', want: ['noId'] },
    { name: 'operationId, exact', given: 'createUser', want: ['adminPost'] },
    { name: 'operationId is case-sensitive', given: 'createuser', want: [] },
    { name: 'operationId glob', given: 'repos/*', want: ['getRepo', 'deleteRepo'] },
    { name: 'operationId * does not cross /', given: '*', want: ['adminPost'] },
    { name: 'operationId ** never matches an operation without one', given: '**', want: ['getRepo', 'deleteRepo', 'adminPost'] },
    { name: 'path is case-sensitive', given: 'GET /Health', want: [] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const pattern = parseOperationPattern(c.given);
      const got = (Object.keys(all) as (keyof typeof all)[]).filter((k) => matchesOperation(pattern, all[k]));
      expect(got).toEqual(c.want);
    });
  }

  const invalid: { name: string; given: string; want: string }[] = [
    { name: 'empty', given: ' ', want: 'include pattern " ": empty' },
    { name: 'unknown method', given: 'GTE /x', want: 'include pattern "GTE /x": unknown method "GTE" (use GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE or *)' },
    { name: 'relative path', given: 'GET repos', want: 'include pattern "GET repos": the path must start with / (or be * for any path)' },
    { name: 'two paths', given: 'GET /a /b', want: 'include pattern "GET /a /b": write one METHOD and one path, separated by a space' },
  ];
  for (const c of invalid) {
    it(`rejects: ${c.name}`, () => {
      expect(() => parseOperationPattern(c.given, 'include pattern')).toThrow(new UserError(c.want));
    });
  }
});

describe('selectOperations', () => {
  const ops = [
    operation({ method: 'get', path: '/pets', operationId: 'listPets', tags: ['pets'] }),
    operation({ method: 'post', path: '/pets', operationId: 'createPet', tags: ['pets', 'write'] }),
    operation({ method: 'delete', path: '/pets/{id}', operationId: 'deletePet', tags: ['pets', 'write'] }),
    operation({ method: 'get', path: '/store/inventory', operationId: 'getInventory', tags: ['store'] }),
    operation({ method: 'get', path: '/health' }),
  ];
  const ids = (list: Operation[]): string[] => list.map((op) => op.operationId ?? `${op.method} ${op.path}`);
  const cases: { name: string; given: SelectionOptions; want: string[]; warnings?: string[] }[] = [
    { name: 'no selection keeps everything', given: {}, want: ['listPets', 'createPet', 'deletePet', 'getInventory', 'get /health'] },
    { name: 'empty lists keep everything', given: { include: [], excludeTags: [] }, want: ['listPets', 'createPet', 'deletePet', 'getInventory', 'get /health'] },
    { name: 'include tag', given: { includeTags: ['pets'] }, want: ['listPets', 'createPet', 'deletePet'] },
    { name: 'includes are a union across patterns and tags', given: { include: ['GET /health'], includeTags: ['store'] }, want: ['getInventory', 'get /health'] },
    { name: 'exclude wins over include', given: { includeTags: ['pets'], exclude: ['DELETE *'] }, want: ['listPets', 'createPet'] },
    { name: 'exclude tag alone', given: { excludeTags: ['write'] }, want: ['listPets', 'getInventory', 'get /health'] },
    { name: 'exclude by operationId', given: { exclude: ['createPet', 'getInventory'] }, want: ['listPets', 'deletePet', 'get /health'] },
    { name: 'tags are compared exactly', given: { includeTags: ['Pets'] }, want: [], warnings: ['warning [selection-unmatched] include tag "Pets" matches no operation (tags: "pets", "store", "write")', 'warning [selection-empty] the selection keeps none of the 5 operations: no tools'] },
    {
      name: 'a pattern matching nothing is a warning, and so is an exclude',
      given: { include: ['GET /petz/**', 'GET /pets'], exclude: ['deletePets'] },
      want: ['listPets'],
      warnings: ['warning [selection-unmatched] include pattern "GET /petz/**" matches no operation', 'warning [selection-unmatched] exclude pattern "deletePets" matches no operation'],
    },
    {
      name: 'every pattern that matches is counted, not just the first',
      given: { include: ['GET /pets', 'listPets', '/pets'] },
      want: ['listPets', 'createPet'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const diagnostics = new DiagnosticBag();
      expect(ids(selectOperations(ops, c.given, diagnostics))).toEqual(c.want);
      expect(diagnostics.items.map(formatDiagnostic)).toEqual(c.warnings ?? []);
    });
  }

  it('points a tool name at the operationId behind it', () => {
    const diagnostics = new DiagnosticBag();
    selectOperations([operation({ operationId: 'repos/get' }), operation({ operationId: 'users.get' })], { exclude: ['repos_get', 'users_get', 'users.get'] }, diagnostics);
    expect(diagnostics.items.map(formatDiagnostic)).toEqual([
      'warning [selection-unmatched] exclude pattern "repos_get" matches no operation (patterns match operationIds: did you mean "repos/get"?)',
      'warning [selection-unmatched] exclude pattern "users_get" matches no operation (patterns match operationIds: did you mean "users.get"?)',
    ]);
  });

  it('says when a pattern matches only operations the extensions left out', () => {
    const diagnostics = new DiagnosticBag();
    const dropped = [operation({ method: 'delete', path: '/admin', operationId: 'purge' })];
    expect(ids(selectOperations(ops, { include: ['purge', 'listPets'] }, diagnostics, dropped))).toEqual(['listPets']);
    expect(diagnostics.items.map(formatDiagnostic)).toEqual([
      'warning [selection-unmatched] include pattern "purge" matches no operation the x-mcp or x-speakeasy-mcp extensions keep (it matches only operations they leave out)',
    ]);
  });

  it('an invalid pattern is a user error before anything is selected', () => {
    expect(() => selectOperations(ops, { exclude: ['FETCH /pets'] }, new DiagnosticBag())).toThrow(UserError);
    expect(() => selectOperations(ops, { includeTags: [''] }, new DiagnosticBag())).toThrow(new UserError('include tag: empty'));
  });
});

describe('mapToTools with selection and extensions', () => {
  const model = (operations: Operation[]): ApiModel => ({ specVersion: '3.0', info: { title: 'T', version: '1' }, servers: [], operations, securitySchemes: {}, defs: {} });
  const ops = [
    operation({ method: 'get', path: '/a', operationId: 'getA', tags: ['a'] }),
    operation({ method: 'delete', path: '/a', operationId: 'deleteA', tags: ['a'], extensions: { root: {}, path: {}, operation: { 'x-mcp': { exclude: true } } } }),
    operation({ method: 'get', path: '/b', operationId: 'getA_2', tags: ['b'] }),
  ];

  it('extensions decide first: an include pattern cannot bring back what x-mcp leaves out', () => {
    const diagnostics = new DiagnosticBag();
    const tools = mapToTools(model(ops), { include: ['DELETE /a', 'GET /a'] }, diagnostics);
    expect(tools.tools.map((t) => t.definition.name)).toEqual(['getA']);
    expect(diagnostics.items.map((d) => d.code)).toEqual(['selection-unmatched']);
  });

  it('names are assigned among the kept operations only', () => {
    const tools = mapToTools(model([ops[0]!, ops[2]!, operation({ method: 'post', path: '/c', operationId: 'getA' })]), { exclude: ['GET /a'] });
    expect(tools.tools.map((t) => t.definition.name)).toEqual(['getA_2', 'getA']);
  });
});
