import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics.js';
import { detectSpecVersion } from '../../src/load/spec-version.js';

describe('detectSpecVersion', () => {
  it.each([
    { name: 'swagger 2.0', given: { swagger: '2.0', paths: {} }, want: '2.0' },
    { name: 'swagger 2.0 as a number', given: { swagger: 2, paths: {} }, want: '2.0' },
    { name: 'openapi 3.0.0', given: { openapi: '3.0.0', paths: {} }, want: '3.0' },
    { name: 'openapi 3.0.4', given: { openapi: '3.0.4', paths: {} }, want: '3.0' },
    { name: 'openapi 3.0 as a number', given: { openapi: 3.0, paths: {} }, want: '3.0' },
    { name: 'openapi 3.1.1', given: { openapi: '3.1.1', paths: {} }, want: '3.1' },
    { name: 'openapi 3.1 as a number', given: { openapi: 3.1, paths: {} }, want: '3.1' },
    { name: 'openapi 3.1.0-rc1', given: { openapi: '3.1.0-rc1', paths: {} }, want: '3.1' },
    { name: '3.1 with webhooks, no paths', given: { openapi: '3.1.0', webhooks: {} }, want: '3.1' },
    { name: '3.1 with components, empty paths', given: { openapi: '3.1.0', paths: null, components: {} }, want: '3.1' },
  ])('$name', ({ given, want }) => {
    expect(detectSpecVersion(given, 'api.yaml')).toBe(want);
  });

  it.each([
    { name: 'null', given: null, want: 'api.yaml: not an OpenAPI document (top level is empty, not an object)' },
    { name: 'string', given: 'openapi', want: 'api.yaml: not an OpenAPI document (top level is a string, not an object)' },
    { name: 'array', given: [], want: 'api.yaml: not an OpenAPI document (top level is an array, not an object)' },
    { name: 'no version', given: { paths: {} }, want: 'api.yaml: not an OpenAPI document or tool manifest (no "openapi", "swagger" or "toolManifest" field)' },
    {
      name: 'a misspelt manifest marker',
      given: { toolmanifest: 1, tools: [] },
      want: 'api.yaml: not an OpenAPI document or tool manifest (no "openapi", "swagger" or "toolManifest" field; "toolmanifest" is spelt "toolManifest")',
    },
    { name: 'a misspelt openapi', given: { OpenAPI: '3.1.0', paths: {} }, want: 'api.yaml: not an OpenAPI document or tool manifest (no "openapi", "swagger" or "toolManifest" field; "OpenAPI" is spelt "openapi")' },
    {
      name: 'swagger 1.2',
      given: { swagger: '1.2', paths: {} },
      want: 'api.yaml: not an OpenAPI document (unsupported swagger version "1.2"; supported: 2.0)',
    },
    {
      name: 'openapi 4.0',
      given: { openapi: '4.0', paths: {} },
      want: 'api.yaml: not an OpenAPI document (unsupported openapi version "4.0"; supported: 3.0.x, 3.1.x)',
    },
    {
      name: 'openapi 3.2.0',
      given: { openapi: '3.2.0', paths: {} },
      want: 'api.yaml: not an OpenAPI document (unsupported openapi version "3.2.0"; supported: 3.0.x, 3.1.x)',
    },
    {
      name: 'openapi 3.00',
      given: { openapi: '3.00', paths: {} },
      want: 'api.yaml: not an OpenAPI document (unsupported openapi version "3.00"; supported: 3.0.x, 3.1.x)',
    },
    { name: '3.0 without paths', given: { openapi: '3.0.0', components: {} }, want: 'api.yaml: no "paths" object' },
    { name: '3.0 with paths as a list', given: { openapi: '3.0.0', paths: [] }, want: 'api.yaml: no "paths" object' },
    { name: '2.0 without paths', given: { swagger: '2.0' }, want: 'api.yaml: no "paths" object' },
    { name: '3.1 with nothing', given: { openapi: '3.1.0', info: {} }, want: 'api.yaml: no "paths", "webhooks" or "components" object' },
    {
      name: '3.1 with paths as a string',
      given: { openapi: '3.1.0', paths: 'x', components: {} },
      want: 'api.yaml: no "paths", "webhooks" or "components" object',
    },
  ])('rejects $name', ({ given, want }) => {
    expect(() => detectSpecVersion(given, 'api.yaml')).toThrow(new UserError(want));
  });
});
