/**
 * The forms the human-in-the-loop gate (input-gate.gen.ts) puts to the user through form-mode
 * elicitation (MCP 2026-07-28 client/elicitation): flat objects of primitive fields only (string,
 * number, integer, boolean, string enum), which is all a form elicitation may ask for.
 */
import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import type { JsonSchemaObject, ToolEntry } from './types.gen.js';

type RequestedSchema = ElicitRequestFormParams['requestedSchema'];
type FieldSchema = RequestedSchema['properties'][string];

/** The key of the confirmation field, in the form and in the answer's content. */
export const CONFIRM_FIELD = 'confirm';
/** String formats a form field may declare. */
const FORM_FORMATS = new Set(['email', 'uri', 'date', 'date-time']);
/** At most this many characters of one argument value in a confirmation message. */
const VALUE_CHARS = 120;
/** At most this many arguments are listed in a confirmation message. */
const LISTED_ARGUMENTS = 12;

/**
 * A form field for one inputSchema property, or `undefined` when it is not a primitive a form can
 * ask for. A local `$ref` (`#/$defs/…`) is followed once; `["string", "null"]` counts as string.
 */
export function formField(inputSchema: JsonSchemaObject, property: string): FieldSchema | undefined {
  const properties = inputSchema['properties'] as Record<string, unknown> | undefined;
  let schema = properties !== undefined && Object.hasOwn(properties, property) ? properties[property] : undefined;
  schema = followRef(inputSchema, schema);
  if (typeof schema !== 'object' || schema === null) return undefined;
  const s = schema as JsonSchemaObject;
  const text = (key: string): string | undefined => (typeof s[key] === 'string' ? (s[key] as string) : undefined);
  const label = { title: text('title') ?? property, ...(text('description') !== undefined ? { description: text('description')! } : {}) };
  const type = primitiveType(s['type']);
  if (Array.isArray(s['enum'])) {
    const values = (s['enum'] as unknown[]).filter((v) => v !== null);
    if (values.length === 0 || !values.every((v) => typeof v === 'string')) return undefined;
    return { type: 'string', ...label, enum: values as string[] };
  }
  if (type === 'boolean') return { type: 'boolean', ...label, ...(typeof s['default'] === 'boolean' ? { default: s['default'] } : {}) };
  if (type === 'number' || type === 'integer') {
    const bounds: { minimum?: number; maximum?: number } = {};
    if (typeof s['minimum'] === 'number') bounds.minimum = s['minimum'];
    if (typeof s['maximum'] === 'number') bounds.maximum = s['maximum'];
    return { type, ...label, ...bounds };
  }
  if (type === 'string') {
    const field: FieldSchema & { type: 'string' } = { type: 'string', ...label };
    if (typeof s['minLength'] === 'number') field.minLength = s['minLength'];
    if (typeof s['maxLength'] === 'number') field.maxLength = s['maxLength'];
    const format = text('format');
    if (format !== undefined && FORM_FORMATS.has(format)) field.format = format as 'email' | 'uri' | 'date' | 'date-time';
    return field;
  }
  return undefined;
}

function followRef(root: JsonSchemaObject, schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const ref = (schema as JsonSchemaObject)['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return schema;
  const defs = root['$defs'] as Record<string, unknown> | undefined;
  const name = decodeURIComponent(ref.slice('#/$defs/'.length)).replace(/~1/g, '/').replace(/~0/g, '~');
  return defs !== undefined && Object.hasOwn(defs, name) ? defs[name] : undefined;
}

function primitiveType(type: unknown): string | undefined {
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const rest = type.filter((t) => t !== 'null');
    return rest.length === 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
  }
  return undefined;
}

/** The form asking for missing arguments; `undefined` when one of them cannot be a form field. */
export function missingArgumentsForm(entry: ToolEntry, missing: readonly string[]): ElicitRequestFormParams | undefined {
  const properties: Record<string, FieldSchema> = {};
  for (const name of missing) {
    const field = formField(entry.definition.inputSchema, name);
    if (field === undefined) return undefined;
    properties[name] = field;
  }
  const label = entry.definition.title ?? entry.definition.name;
  return {
    mode: 'form',
    message: `${label} needs ${missing.length === 1 ? 'a value' : 'values'} the request did not give: ${missing.join(', ')}.`,
    requestedSchema: { type: 'object', properties, required: [...missing] },
  };
}

/** Where a call goes, for the confirmation message; `undefined` when that is not an HTTP request. */
export interface CallTarget {
  method: string;
  /** The full URL with the real values (never credentials: they are added later). */
  url: string;
  host: string;
}

/** The confirmation form: what will happen, in plain words, and one boolean. */
export function confirmationForm(entry: ToolEntry, args: Record<string, unknown>, target: CallTarget | undefined, why: string): ElicitRequestFormParams {
  const { name, title } = entry.definition;
  // The name in parentheses only next to a title that differs from it (not `"wipe" (wipe)`).
  const label = title === undefined || title === name ? `"${name}"` : `"${title}" (${name})`;
  const lines = [`Allow ${label}? It ${why}.`];
  if (target !== undefined) lines.push(`Request: ${target.method} ${target.url}`, `Sent to: ${target.host}`);
  const listed = Object.entries(args).filter(([, value]) => value !== undefined);
  if (listed.length > 0) {
    lines.push('Arguments:');
    for (const [name, value] of listed.slice(0, LISTED_ARGUMENTS)) lines.push(`  ${name} = ${shownValue(value)}`);
    if (listed.length > LISTED_ARGUMENTS) lines.push(`  … and ${listed.length - LISTED_ARGUMENTS} more`);
  }
  return {
    mode: 'form',
    message: lines.join('\n'),
    requestedSchema: {
      type: 'object',
      properties: {
        [CONFIRM_FIELD]: { type: 'boolean', title: 'Run this request', description: 'Check to send it; leave unchecked or decline to cancel.', default: false },
      },
      required: [CONFIRM_FIELD],
    },
  };
}

function shownValue(value: unknown): string {
  const text = (typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value)) ?? String(value);
  const printable = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '?');
  return printable.length > VALUE_CHARS ? `${printable.slice(0, VALUE_CHARS - 1)}…` : printable;
}
