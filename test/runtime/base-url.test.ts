import { describe, expect, it } from 'vitest';
import { BaseUrlError, joinUrl, resolveBaseUrl, serversFor } from '../../templates/runtime/base-url.gen.js';
import type { ApiConfig, HttpBinding, Server } from '../../templates/runtime/types.gen.js';

const ENV_NAMES: ApiConfig['env'] = { baseUrl: 'PETS_BASE_URL', timeoutMs: 'PETS_TIMEOUT_MS', serverVariables: { region: 'PETS_REGION', version: 'PETS_VERSION' }, confirm: 'PETS_CONFIRM', stateKey: 'PETS_STATE_KEY' };
const REGIONAL: Server = {
  url: 'https://{region}.api.example.com/{version}',
  variables: { region: { default: 'eu', enum: ['eu', 'us'] }, version: { default: 'v1' } },
};

describe('resolveBaseUrl', () => {
  const cases: { name: string; given: { servers: Server[]; env: Record<string, string | undefined>; override?: string }; want: string }[] = [
    { name: 'first server', given: { servers: [{ url: 'https://a.example.com/v1', variables: {} }, { url: 'https://b.example.com', variables: {} }], env: {} }, want: 'https://a.example.com/v1' },
    { name: 'variables from their defaults', given: { servers: [REGIONAL], env: {} }, want: 'https://eu.api.example.com/v1' },
    { name: 'variables from the environment', given: { servers: [REGIONAL], env: { PETS_REGION: 'us', PETS_VERSION: 'v2' } }, want: 'https://us.api.example.com/v2' },
    { name: 'an empty variable in the environment counts as unset', given: { servers: [REGIONAL], env: { PETS_REGION: '' } }, want: 'https://eu.api.example.com/v1' },
    { name: 'the base URL variable wins over servers', given: { servers: [REGIONAL], env: { PETS_BASE_URL: 'http://127.0.0.1:4010/mock' } }, want: 'http://127.0.0.1:4010/mock' },
    { name: 'an explicit override wins over everything', given: { servers: [REGIONAL], env: { PETS_BASE_URL: 'http://127.0.0.1:1' }, override: 'https://proxy.example.com/api/' }, want: 'https://proxy.example.com/api/' },
    { name: 'a relative server URL with an override', given: { servers: [{ url: '/v1', variables: {} }], env: { PETS_BASE_URL: 'https://h.example.com/v1' } }, want: 'https://h.example.com/v1' },
    { name: 'no servers with an override', given: { servers: [], env: {}, override: 'http://localhost:8080' }, want: 'http://localhost:8080/' },
    { name: 'a path variable right after the host', given: { servers: [{ url: 'https://api.example.com{basePath}', variables: { basePath: { default: '/v1' } } }], env: {} }, want: 'https://api.example.com/v1' },
    { name: 'a host variable holding a host name', given: { servers: [{ url: 'https://{tenant}.example.com', variables: { tenant: { default: 'acme' } } }], env: {} }, want: 'https://acme.example.com/' },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(resolveBaseUrl(given.servers, given.env, ENV_NAMES, given.override)).toBe(want);
  });

  const failures: { name: string; given: { servers: Server[]; env: Record<string, string | undefined>; override?: string }; want: string }[] = [
    {
      name: 'relative server URL (Swagger 2.0 without host)',
      given: { servers: [{ url: '/v1', variables: {} }], env: {} },
      want: 'the API\'s server URL "/v1" is relative; set PETS_BASE_URL to the API\'s absolute base URL, e.g. https://api.example.com/v1',
    },
    {
      name: 'protocol-relative server URL',
      given: { servers: [{ url: '//api.example.com/v2', variables: {} }], env: {} },
      want: 'the API\'s server URL "//api.example.com/v2" is relative; set PETS_BASE_URL to the API\'s absolute base URL, e.g. https://api.example.com/v2',
    },
    { name: 'no servers', given: { servers: [], env: {} }, want: "the API description names no server; set PETS_BASE_URL to the API's base URL, e.g. https://api.example.com" },
    { name: 'a variable outside its enum', given: { servers: [REGIONAL], env: { PETS_REGION: 'mars' } }, want: 'PETS_REGION must be one of: eu, us' },
    {
      name: 'an undefined variable',
      given: { servers: [{ url: 'https://{tenant}.example.com', variables: {} }], env: {} },
      want: "the server URL https://{tenant}.example.com uses {tenant}, which has no definition; set PETS_BASE_URL to the API's base URL",
    },
    { name: 'a base URL variable that is not absolute', given: { servers: [REGIONAL], env: { PETS_BASE_URL: 'localhost:8080' } }, want: 'PETS_BASE_URL must be an http or https URL; set PETS_BASE_URL to the API\'s base URL' },
    { name: 'an override that is not a URL', given: { servers: [REGIONAL], env: {}, override: 'not a url' }, want: "the --base-url value is not an absolute URL; give --base-url the API's base URL, e.g. https://api.example.com/v1" },
    { name: 'an override with credentials (not repeated)', given: { servers: [], env: {}, override: 'https://user:s3cret@h.example.com' }, want: 'the --base-url value must not contain a user name or password; configure credentials through their environment variables' },
    {
      name: 'a host variable whose default moves the host (finding 2)',
      given: { servers: [{ url: 'https://{tenant}.example.com', variables: { tenant: { default: 'evil.example/steal?' } } }], env: {} },
      want: 'the server variable {tenant} is part of the host in https://{tenant}.example.com, and its value is not a host name',
    },
    {
      name: 'a variable after the host that does not start the path',
      given: { servers: [{ url: 'https://api.example.com{basePath}', variables: { basePath: { default: '.evil.example/steal?' } } }], env: {} },
      want: 'the server variable {basePath} is part of the host in https://api.example.com{basePath}, and its value is not a host name',
    },
    { name: 'a ftp server', given: { servers: [{ url: 'ftp://h.example.com', variables: {} }], env: {} }, want: 'the server URL "ftp://h.example.com" must be an http or https URL; set PETS_BASE_URL to the API\'s base URL' },
  ];
  it.each(failures)('throws for $name', ({ given, want }) => {
    expect(() => resolveBaseUrl(given.servers, given.env, ENV_NAMES, given.override)).toThrow(new BaseUrlError(want));
  });
});

describe('serversFor', () => {
  const api: Server[] = [{ url: 'https://api.example.com', variables: {} }];
  const binding = (servers?: Server[]): HttpBinding => ({ kind: 'http', method: 'post', path: '/upload', arguments: {}, security: [], ...(servers ? { servers } : {}) });
  it('operation servers take precedence', () => {
    const own: Server[] = [{ url: 'https://uploads.example.com', variables: {} }];
    expect(serversFor(binding(own), api)).toBe(own);
  });
  it('falls back to the API servers', () => expect(serversFor(binding(), api)).toBe(api));
  it('an empty operation list falls back too', () => expect(serversFor(binding([]), api)).toBe(api));
});

describe('joinUrl', () => {
  const cases: { name: string; given: [string, string, string[]]; want: { href: string; pathname: string } }[] = [
    { name: 'keeps the base path', given: ['https://h/v1', '/pets', []], want: { href: 'https://h/v1/pets', pathname: '/v1/pets' } },
    { name: 'no double slash after a trailing slash', given: ['https://h/v1/', '/pets', []], want: { href: 'https://h/v1/pets', pathname: '/v1/pets' } },
    { name: 'root base', given: ['https://h/', '/pets', []], want: { href: 'https://h/pets', pathname: '/pets' } },
    { name: 'path without leading slash', given: ['https://h/v1', 'pets', []], want: { href: 'https://h/v1/pets', pathname: '/v1/pets' } },
    { name: 'path "/"', given: ['https://h/v1', '/', []], want: { href: 'https://h/v1/', pathname: '/v1/' } },
    { name: 'query pairs', given: ['https://h:8443/v1', '/pets', ['a=1', 'b=2']], want: { href: 'https://h:8443/v1/pets?a=1&b=2', pathname: '/v1/pets' } },
    { name: 'base query kept first', given: ['https://h/v1?api-version=2', '/pets', ['a=1']], want: { href: 'https://h/v1/pets?api-version=2&a=1', pathname: '/v1/pets' } },
    { name: 'base fragment dropped', given: ['https://h/v1#x', '/pets', []], want: { href: 'https://h/v1/pets', pathname: '/v1/pets' } },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(joinUrl(...given)).toEqual(want);
  });
});
