export { mapSpec, type MapSpecOptions, type MapSpecResult } from './map-spec.js';
export { loadSpec } from './load/load-spec.js';
export { normalizeSpec } from './normalize/normalize-spec.js';
export { mapToTools } from './map/map-tools.js';
export type { MapOptions } from './map/map-options.js';
export type * from './model/api-model.js';
export type * from './model/tool-model.js';
export type { JsonSchema, JsonSchemaObject } from './model/json-schema.js';
export { UserError, type Diagnostic } from './diagnostics.js';
