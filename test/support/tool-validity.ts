import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ToolDefinition } from '../../src/model/tool-model.js';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PORTABLE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const SPEC_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Everything a client checks before trusting a tool list, as problem strings (empty: valid):
 * name syntax and uniqueness (case-insensitively), object-rooted schemas that compile with Ajv
 * 2020-12, and every `x-mcp-header` rule of MCP 2026-07-28.
 */
export function toolProblems(tools: readonly ToolDefinition[], nameStyle: 'portable' | 'spec' = 'portable'): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  for (const tool of tools) {
    const at = `tool ${tool.name}`;
    if (!(nameStyle === 'portable' ? PORTABLE_NAME : SPEC_NAME).test(tool.name)) problems.push(`${at}: invalid name`);
    const folded = tool.name.toLowerCase();
    if (seen.has(folded)) problems.push(`${at}: duplicate name`);
    seen.add(folded);
    if (typeof tool.description !== 'string' || tool.description === '') problems.push(`${at}: no description`);
    if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(tool.description)) problems.push(`${at}: control characters in description`);
    for (const [kind, schema] of [['inputSchema', tool.inputSchema], ['outputSchema', tool.outputSchema]] as const) {
      if (schema === undefined) continue;
      if (schema.type !== 'object') problems.push(`${at}: ${kind} root is not type object`);
      try {
        ajv.compile(schema);
      } catch (error) {
        problems.push(`${at}: ${kind} does not compile: ${(error as Error).message}`);
      }
    }
    problems.push(...headerProblems(tool).map((p) => `${at}: ${p}`));
  }
  return problems;
}

function headerProblems(tool: ToolDefinition): string[] {
  const out: string[] = [];
  const values = new Set<string>();
  const props = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, prop] of Object.entries(props)) {
    const v = prop['x-mcp-header'];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !TOKEN.test(v)) out.push(`${name}: x-mcp-header ${JSON.stringify(v)} is not a token`);
    else if (values.has(v.toLowerCase())) out.push(`${name}: x-mcp-header ${v} not unique`);
    else values.add(v.toLowerCase());
    if (prop.type !== 'string' && prop.type !== 'integer' && prop.type !== 'boolean') out.push(`${name}: x-mcp-header on type ${JSON.stringify(prop.type)}`);
    if (prop.type === 'integer' && !(typeof prop.minimum === 'number' && prop.minimum >= -SAFE && typeof prop.maximum === 'number' && prop.maximum <= SAFE)) {
      out.push(`${name}: integer header without safe bounds`);
    }
  }
  // Statically reachable only: no annotation anywhere below the top-level properties.
  const nested = JSON.stringify({ ...tool.inputSchema, properties: undefined });
  if (nested.includes('"x-mcp-header"')) out.push('x-mcp-header below the top level');
  return out;
}
