import type { Operation, Parameter } from '../../src/model/api-model.js';

const at = { file: 'file:///spec.json', pointer: '/paths/~1x/get' };

/** A minimal Operation literal for map-stage tests. */
export function operation(partial: Partial<Operation> = {}): Operation {
  return {
    method: 'get',
    path: '/x',
    deprecated: false,
    tags: [],
    parameters: [],
    responses: [],
    security: [],
    extensions: { root: {}, path: {}, operation: {} },
    source: at,
    ...partial,
  };
}

export function param(name: string, location: Parameter['in'], schema: Parameter['schema'], extra: Partial<Parameter> = {}): Parameter {
  const style = location === 'query' || location === 'cookie' ? 'form' : 'simple';
  return { name, in: location, required: location === 'path', schema, style, explode: style === 'form', allowReserved: false, source: at, ...extra };
}
