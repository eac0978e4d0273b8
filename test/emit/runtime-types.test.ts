import { describe, expectTypeOf, it } from 'vitest';
import type { RuntimeApiConfig } from '../../src/model/runtime-config.js';
import type { HttpBinding as ModelBinding, ToolDefinition as ModelDefinition } from '../../src/model/tool-model.js';
import type { ApiConfig, HttpBinding, ToolDefinition } from '../../templates/runtime/types.gen.js';

/**
 * The generator's model types and the runtime's types (templates/runtime/types.gen.ts, copied into
 * every generated package) describe the same data from two sides; `npm run typecheck` fails here
 * when they drift apart, so what the generator emits is always what the server reads.
 */
describe('generator model types match the runtime types', () => {
  it('tool definitions, bindings and the config are assignable both ways', () => {
    expectTypeOf<ModelDefinition>().toMatchTypeOf<ToolDefinition>();
    expectTypeOf<ToolDefinition>().toMatchTypeOf<ModelDefinition>();
    expectTypeOf<ModelBinding>().toMatchTypeOf<HttpBinding>();
    expectTypeOf<HttpBinding>().toMatchTypeOf<ModelBinding>();
    expectTypeOf<RuntimeApiConfig>().toMatchTypeOf<ApiConfig>();
    expectTypeOf<ApiConfig>().toMatchTypeOf<RuntimeApiConfig>();
  });
});
