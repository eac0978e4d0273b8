import { describe, expect, it } from 'vitest';
import { doc, mapDoc, ok, only, props } from './request-spec-kit.js';

/**
 * The shapes of issue 11 (found by calling every tool of real specs against Prism with request
 * validation on), each as a tiny in-memory spec run through normalize + map: the tool must accept
 * exactly the arguments that make a request the spec allows, and say so when it had to repair the spec.
 * Here: parameters (credential parameters and the operation's security, names and their case).
 */
describe('credential parameters follow the operation\'s effective security', () => {
  const schemes = { components: { securitySchemes: { appId: { type: 'apiKey', in: 'header', name: 'X-App-Id' }, token: { type: 'http', scheme: 'bearer' } } } };
  const header = { name: 'x-app-id', in: 'header', required: true, schema: { type: 'string' } };

  it('keeps a required header named like a scheme the operation does not use', () => {
    const spec = doc({ '/a': { get: { security: [{ token: [] }], parameters: [header], ...ok } } }, schemes);
    const tool = only(mapDoc(spec).tools);
    expect(props(tool)).toEqual(['x-app-id']);
    expect(tool.definition.inputSchema.required).toEqual(['x-app-id']);
  });

  it('keeps it when the root security does not name the scheme either, and drops it when it does', () => {
    const unused = doc({ '/a': { get: { parameters: [header], ...ok } } }, { ...schemes, security: [{ token: [] }] });
    expect(props(only(mapDoc(unused).tools))).toEqual(['x-app-id']);
    const used = doc({ '/a': { get: { parameters: [header], ...ok } } }, { ...schemes, security: [{ token: [] }, { appId: [] }] });
    expect(props(only(mapDoc(used).tools))).toEqual([]);
    const opLevel = doc({ '/a': { get: { security: [{ appId: [] }], parameters: [header], ...ok } } }, schemes);
    expect(props(only(mapDoc(opLevel).tools))).toEqual([]);
  });

  it('keeps it on an operation with no security at all', () => {
    const spec = doc({ '/a': { get: { security: [], parameters: [header], ...ok } } }, { ...schemes, security: [{ appId: [] }] });
    expect(props(only(mapDoc(spec).tools))).toEqual(['x-app-id']);
  });
});

describe('parameters', () => {
  it('a path-level header and an operation-level one differing only in case are one argument: the operation\'s', () => {
    const spec = doc({
      '/h': {
        parameters: [{ name: 'X-Foo', in: 'header', schema: { type: 'string' }, description: 'path level' }],
        get: { parameters: [{ name: 'x-foo', in: 'header', required: true, schema: { type: 'string' } }], ...ok },
      },
    });
    const tool = only(mapDoc(spec).tools);
    expect(props(tool)).toEqual(['x-foo']);
    expect(tool.definition.inputSchema.required).toEqual(['x-foo']);
  });

  it('query parameters keep case-sensitive names', () => {
    const spec = doc({ '/q': { parameters: [{ name: 'Q', in: 'query', schema: { type: 'string' } }], get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], ...ok } } });
    expect(props(only(mapDoc(spec).tools))).toEqual(['Q', 'q']);
  });

  it('a query parameter named "" is dropped with a warning, like a header named ""', () => {
    const spec = doc({
      '/e': { get: { parameters: [{ name: '', in: 'query', schema: { type: 'string' } }, { name: '', in: 'header', schema: { type: 'string' } }, { name: 'ok', in: 'query', schema: { type: 'string' } }], ...ok } },
    });
    const { tools, diagnostics } = mapDoc(spec);
    expect(props(only(tools))).toEqual(['ok']);
    expect(diagnostics).toEqual([
      'parameter-name-invalid /paths/~1e/get/parameters/0: query parameter name "" is empty and cannot be sent; ignored',
      'parameter-name-invalid /paths/~1e/get/parameters/1: header parameter name "" is not a valid HTTP token and cannot be sent; ignored',
    ]);
  });
});
