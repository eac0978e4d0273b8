import { describe, expect, it } from 'vitest';
import { explainArgumentErrors } from '../../templates/runtime/argument-errors.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import type { JsonSchemaObject, ToolEntry } from '../../templates/runtime/types.gen.js';

/** A tool's inputSchema as the generator writes them: closed, top-level descriptions, a shared definition. */
const SCHEMA: JsonSchemaObject = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', maximum: 7 },
    unit: { enum: ['c', 'f'] },
    tags: { type: 'array', items: { enum: ['rain', 'sun'] } },
    where: { $ref: '#/$defs/place' },
    kind: { const: 'forecast' },
    'x-tenant': { type: 'string' },
  },
  required: ['city'],
  additionalProperties: false,
  $defs: { place: { type: 'object', properties: { lat: { type: 'number' }, lon: { type: 'number' } }, required: ['lat'], additionalProperties: false } },
};

const entry = (inputSchema: JsonSchemaObject): ToolEntry => ({ definition: { name: 'get_forecast', description: 'Forecast.', inputSchema } }) as ToolEntry;

/** The message the tool's validator (the SDK's Ajv through fromJsonSchema) gives for `args`. */
function message(args: unknown, schema = SCHEMA): string | undefined {
  const table = buildToolTable([entry(schema)]);
  const result = table.byName.get('get_forecast')!.input['~standard'].validate(args);
  if (result instanceof Promise) throw new Error('async validator');
  return result.issues?.map((i) => i.message).join(' | ');
}

describe('argument errors a model can act on', () => {
  const cases: { name: string; args: unknown; want: string }[] = [
    { name: 'a missing required argument', args: {}, want: 'missing required argument "city"' },
    { name: 'an unknown argument, with what the tool takes', args: { city: 'Oslo', dayz: 3 }, want: 'unknown argument "dayz" (this tool takes: city, days, unit, tags, where, kind, x-tenant)' },
    { name: 'several unknown arguments, said once', args: { city: 'Oslo', a: 1, b: 2 }, want: 'unknown arguments "a", "b" (this tool takes: city, days, unit, tags, where, kind, x-tenant)' },
    { name: 'an enum, with its values', args: { city: 'Oslo', unit: 'k' }, want: 'unit must be one of: "c", "f"' },
    { name: 'an enum in an array item', args: { city: 'Oslo', tags: ['sun', 'snow'] }, want: 'tags[1] must be one of: "rain", "sun"' },
    { name: 'a const', args: { city: 'Oslo', kind: 'now' }, want: 'kind must be "forecast"' },
    { name: 'a bound, in Ajv’s words at the argument', args: { city: 'Oslo', days: 9 }, want: 'days must be <= 7' },
    { name: 'a type', args: { city: 'Oslo', days: 'two' }, want: 'days must be integer' },
    { name: 'a non-identifier name', args: { city: 'Oslo', 'x-tenant': 1 }, want: '["x-tenant"] must be string' },
    { name: 'through a $ref: a nested required property and an unknown one', args: { city: 'Oslo', where: { lon: 1, alt: 2 } }, want: 'where: missing required property "lat", where: unknown property "alt" (known: lat, lon)' },
    { name: 'not an object at all', args: 'Oslo', want: 'the arguments must be object' },
    { name: 'several at once, in order', args: { days: 9, extra: true }, want: 'missing required argument "city", unknown argument "extra" (this tool takes: city, days, unit, tags, where, kind, x-tenant), days must be <= 7' },
  ];
  for (const { name, args, want } of cases) it(name, () => expect(message(args)).toBe(want));

  it('valid arguments pass unchanged', () => {
    expect(message({ city: 'Oslo', days: 3, where: { lat: 1 } })).toBeUndefined();
  });

  it('keeps Ajv’s wording where the schema is not one path (anyOf)', () => {
    const schema = { type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }, additionalProperties: false };
    expect(message({ v: true }, schema)).toBe('v must be string, v must be integer, v must match a schema in anyOf');
  });

  it('lists at most 20 names, then how many more', () => {
    const properties = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`p${i}`, { type: 'string' }]));
    expect(message({ q: 1 }, { type: 'object', properties, additionalProperties: false })).toBe(
      `unknown argument "q" (this tool takes: ${Array.from({ length: 20 }, (_, i) => `p${i}`).join(', ')}, … 5 more)`,
    );
  });

  it('leaves a message it does not recognise as it is', () => {
    expect(explainArgumentErrors('something else, entirely', {}, SCHEMA)).toBe('something else, entirely');
  });
});
