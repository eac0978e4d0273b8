import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { DiagnosticBag } from '../../src/diagnostics.js';
import type { LoadedSpec } from '../../src/load/loaded-spec.js';
import { mapToTools } from '../../src/map/map-tools.js';
import type { Tool } from '../../src/model/tool-model.js';
import { normalizeSpec } from '../../src/normalize/normalize-spec.js';

/** Tiny in-memory specs run through normalize + map, for the request-validity tests. */
const URL = 'file:///api/spec.yaml';

export function mapDoc(document: Record<string, unknown>) {
  const root = { url: URL, display: 'spec.yaml', document };
  const version = typeof document.swagger === 'string' ? '2.0' : String(document.openapi).startsWith('3.1') ? '3.1' : '3.0';
  const spec: LoadedSpec = { root, specVersion: version as LoadedSpec['specVersion'], files: new Map([[URL, root]]), hash: '', diagnostics: [] };
  const diagnostics = new DiagnosticBag();
  const tools = mapToTools(normalizeSpec(spec, diagnostics), {}, diagnostics).tools;
  return { tools, diagnostics: diagnostics.items.map((d) => `${d.code} ${d.pointer}: ${d.message}`) };
}

export function doc(paths: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths, ...extra };
}

export const ok = { responses: { '204': { description: 'ok' } } };
export const ajv = new Ajv2020({ strict: false, validateFormats: false });
export function accepts(tool: Tool, args: unknown): boolean {
  return ajv.validate(tool.definition.inputSchema, args) as boolean;
}
export function only(tools: Tool[]): Tool {
  expect(tools).toHaveLength(1);
  return tools[0]!;
}
export const props = (tool: Tool) => Object.keys(tool.definition.inputSchema.properties as object);
