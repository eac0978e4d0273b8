import type { SourceLocation } from '../diagnostics.js';
import type { Server, ServerVariable } from '../model/api-model.js';
import { asRecord, asString, type NormalizeContext } from './normalize-context.js';
import { setOwn } from './set-own.js';

/** OpenAPI 3.x `servers` array. `undefined` when absent. */
export function normalizeServers(ctx: NormalizeContext, value: unknown, at: SourceLocation): Server[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    ctx.diagnostics.warn('servers-invalid', '"servers" is not an array; ignored', at);
    return undefined;
  }
  const out: Server[] = [];
  for (const entry of value) {
    const node = asRecord(entry);
    const url = asString(node?.url);
    if (!node || url === undefined) continue;
    const server: Server = { url, variables: {} };
    const description = asString(node.description);
    if (description !== undefined) server.description = description;
    for (const [name, raw] of Object.entries(asRecord(node.variables) ?? {})) {
      const v = asRecord(raw);
      if (!v) continue;
      const variable: ServerVariable = { default: v.default === undefined ? '' : String(v.default) };
      if (Array.isArray(v.enum)) variable.enum = v.enum.map(String);
      const d = asString(v.description);
      if (d !== undefined) variable.description = d;
      setOwn(server.variables, name, variable);
    }
    out.push(server);
  }
  return out.length > 0 ? out : undefined;
}

/** Swagger 2.0 `schemes` + `host` + `basePath` as one server. Without `host` the URL is relative. */
export function serversFromV2(doc: Record<string, unknown>): Server[] {
  const host = asString(doc.host);
  const basePath = asString(doc.basePath) ?? '';
  const schemes = Array.isArray(doc.schemes) ? doc.schemes.filter((s): s is string => typeof s === 'string') : [];
  const scheme = schemes.includes('https') ? 'https' : (schemes[0] ?? 'https');
  if (host === undefined) return basePath ? [{ url: basePath, variables: {} }] : [];
  return [{ url: `${scheme}://${host}${basePath}`, variables: {} }];
}
