import type { SourceLocation } from '../diagnostics.js';
import type { Response, ResponseContent } from '../model/api-model.js';
import { asRecord, asString, child, deref, toSchema, type NormalizeContext } from './normalize-context.js';

/** Only success responses carry schemas into the model: they are what `outputSchema` is made from. */
function isSuccess(status: string): boolean {
  return /^2(\d\d|XX)$/i.test(status);
}

export function normalizeResponses(ctx: NormalizeContext, value: unknown, produces: string[], at: SourceLocation): Response[] {
  const responses = asRecord(value);
  if (!responses) {
    if (value !== undefined) ctx.diagnostics.warn('responses-invalid', '"responses" is not an object; ignored', at);
    return [];
  }
  const out: Response[] = [];
  for (const status of Object.keys(responses)) {
    if (status.startsWith('x-')) continue;
    const resolved = deref(ctx, responses[status], child(at, status), 'response');
    if (!resolved) continue;
    const node = asRecord(resolved.value);
    if (!node) {
      ctx.diagnostics.warn('response-invalid', `response "${status}" is not an object; ignored`, resolved.at);
      continue;
    }
    const response: Response = { status, content: [], source: resolved.at };
    const description = asString(node.description);
    if (description !== undefined) response.description = description;
    const withSchema = isSuccess(status);
    if (ctx.version === '2.0') {
      const mediaTypes = produces.length > 0 ? produces : ['application/json'];
      for (const mediaType of mediaTypes) {
        const entry: ResponseContent = { mediaType };
        if (withSchema && node.schema !== undefined) entry.schema = toSchema(ctx, node.schema, child(resolved.at, 'schema'));
        response.content.push(entry);
      }
      if (node.schema === undefined) response.content = [];
    } else {
      const content = asRecord(node.content) ?? {};
      for (const mediaType of Object.keys(content)) {
        const media = asRecord(content[mediaType]);
        const entry: ResponseContent = { mediaType };
        if (withSchema && media?.schema !== undefined) {
          entry.schema = toSchema(ctx, media.schema, child(resolved.at, 'content', mediaType, 'schema'));
        }
        response.content.push(entry);
      }
    }
    out.push(response);
  }
  return out;
}
