import type { HttpMethod } from '../model/api-model.js';
import type { ToolAnnotations } from '../model/tool-model.js';

/**
 * Behaviour hints from the HTTP method (RFC 9110 §9.2): safe methods are read-only, DELETE is
 * destructive, PUT and DELETE are idempotent. Every tool reaches an external API: open world.
 * The hints are written explicitly because MCP's defaults (destructiveHint: true) would mislabel POST.
 */
export function annotationsFor(method: HttpMethod, title: string | undefined): ToolAnnotations {
  const out: ToolAnnotations = {};
  if (title !== undefined) out.title = title;
  if (method === 'get' || method === 'head' || method === 'options') {
    out.readOnlyHint = true;
  } else {
    out.readOnlyHint = false;
    out.destructiveHint = method === 'delete';
    out.idempotentHint = method === 'put' || method === 'delete';
  }
  out.openWorldHint = true;
  return out;
}
