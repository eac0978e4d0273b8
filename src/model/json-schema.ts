/** A JSON Schema 2020-12 document or subschema, as plain data. */
export type JsonSchema = JsonSchemaObject | boolean;

export interface JsonSchemaObject {
  [keyword: string]: unknown;
}

export function isSchemaObject(value: unknown): value is JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
