/**
 * Writes data as a TypeScript expression. Every string that comes from a spec enters generated
 * code only through here (JSON.stringify escaping), so no spec text can ever become code.
 *
 * JSON text is a valid expression with one exception: in an object literal `"__proto__": x` sets
 * the prototype instead of creating a property. Such keys are written as computed keys
 * (`["__proto__"]`). Since every quote inside a JSON string is escaped, the unescaped text
 * `"__proto__"` can only appear when some key is `__proto__`; only then the slower writer runs.
 */
export function toLiteral(value: unknown): string {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  return text.includes('"__proto__"') ? writeCareful(value, 0) : text;
}

function writeCareful(value: unknown, depth: number): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const pad = '  '.repeat(depth + 1);
  const end = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => pad + writeCareful(v, depth + 1)).join(',\n')}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const body = entries.map(([k, v]) => `${pad}${k === '__proto__' ? '["__proto__"]' : JSON.stringify(k)}: ${writeCareful(v, depth + 1)}`);
  return `{\n${body.join(',\n')}\n${end}}`;
}
