import { DiagnosticBag, type SourceLocation } from '../diagnostics.js';
import type { LoadedSpec } from '../load/loaded-spec.js';
import { HTTP_METHODS, type ApiModel, type Operation } from '../model/api-model.js';
import { createDefRegistry } from './def-registry.js';
import { asRecord, asString, child, deref, extensionsOf, type NormalizeContext } from './normalize-context.js';
import { normalizeOperation, type OperationDefaults } from './operation.js';
import { normalizeSecurityRequirements, normalizeSecuritySchemes } from './security.js';
import { normalizeServers, serversFromV2 } from './servers.js';

/** LoadedSpec → ApiModel. Pure: problems become diagnostics in `diagnostics`, never exceptions. */
export function normalizeSpec(spec: LoadedSpec, diagnostics: DiagnosticBag = new DiagnosticBag()): ApiModel {
  const version = spec.specVersion;
  if (version === 'manifest') throw new Error('bug: normalizeSpec was given a tool manifest (see src/manifest/)');
  const registry = createDefRegistry(spec, diagnostics, version);
  const ctx: NormalizeContext = { spec, version, diagnostics, schemas: registry.ctx, resolved: new Map() };
  const doc = asRecord(spec.root.document) ?? {};
  const root: SourceLocation = { file: spec.root.url, pointer: '' };

  const info = asRecord(doc.info) ?? {};
  const description = asString(info.description);
  const schemes = version === '2.0'
    ? normalizeSecuritySchemes(ctx, doc.securityDefinitions, child(root, 'securityDefinitions'))
    : normalizeSecuritySchemes(ctx, asRecord(doc.components)?.securitySchemes, child(root, 'components', 'securitySchemes'));
  const stringList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const defaults: OperationDefaults = {
    security: normalizeSecurityRequirements(ctx, doc.security, schemes, child(root, 'security')) ?? [],
    schemes,
    consumes: stringList(doc.consumes),
    produces: stringList(doc.produces),
    rootExtensions: extensionsOf(doc),
    rootSource: root,
  };

  const operations: Operation[] = [];
  const paths = asRecord(doc.paths) ?? {};
  for (const path of Object.keys(paths)) {
    if (path.startsWith('x-')) continue;
    // A path item may be a $ref (OpenAPI); multi-file specs also $ref whole operations. Either way
    // the node's own file becomes the base for the refs inside it.
    const resolvedItem = deref(ctx, paths[path], child(root, 'paths', path), 'path item');
    if (!resolvedItem) continue;
    const pathItemAt = resolvedItem.at;
    const pathItem = asRecord(resolvedItem.value);
    if (!pathItem) {
      diagnostics.warn('path-item-invalid', `path item "${path}" is not an object; ignored`, pathItemAt);
      continue;
    }
    const pathServers = version === '2.0' ? undefined : normalizeServers(ctx, pathItem.servers, child(pathItemAt, 'servers'));
    for (const method of HTTP_METHODS) {
      if (pathItem[method] === undefined) continue;
      const resolvedOp = deref(ctx, pathItem[method], child(pathItemAt, method), 'operation');
      if (!resolvedOp) continue;
      const at = resolvedOp.at;
      const node = asRecord(resolvedOp.value);
      if (!node) {
        diagnostics.warn('operation-invalid', `${method.toUpperCase()} ${path} is not an object; ignored`, at);
        continue;
      }
      operations.push(normalizeOperation(ctx, { path, method, pathItem, pathItemAt, node, at, ...(pathServers ? { pathServers } : {}) }, defaults));
    }
  }
  checkDuplicateOperationIds(diagnostics, operations);
  if (operations.length === 0) warnNoOperations(diagnostics, doc, root);

  const model: ApiModel = {
    specVersion: version,
    info: { title: asString(info.title) ?? 'API', version: asString(info.version) ?? '0.0.0' },
    servers: version === '2.0' ? serversFromV2(doc) : (normalizeServers(ctx, doc.servers, child(root, 'servers')) ?? []),
    operations,
    securitySchemes: schemes,
    defs: registry.defs,
  };
  if (description !== undefined) model.info.description = description;
  const tags = tagDescriptions(doc.tags);
  if (tags !== undefined) model.tagDescriptions = tags;
  const order = tagOrder(doc.tags);
  if (order.length > 0) model.tagOrder = order;
  return model;
}

/** The root `tags` list as tag name → description (tags without one are left out). */
function tagDescriptions(tags: unknown): Record<string, string> | undefined {
  if (!Array.isArray(tags)) return undefined;
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  let any = false;
  for (const tag of tags) {
    const record = asRecord(tag);
    const name = asString(record?.name);
    const text = asString(record?.description);
    if (name === undefined || text === undefined || text.trim() === '' || Object.hasOwn(out, name)) continue;
    out[name] = text;
    any = true;
  }
  return any ? { ...out } : undefined;
}

/** The root `tags` list's names in its order, each once. */
function tagOrder(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  const names = tags.map((tag) => asString(asRecord(tag)?.name)).filter((name) => name !== undefined);
  return [...new Set(names)];
}

/**
 * A spec without operations gives a server without tools: said once, with why when the spec
 * describes only webhooks (requests the API sends, which a model cannot call).
 */
function warnNoOperations(diagnostics: DiagnosticBag, doc: Record<string, unknown>, root: SourceLocation): void {
  const webhooks = Object.keys(asRecord(doc.webhooks) ?? {}).filter((name) => !name.startsWith('x-')).length;
  const why = webhooks > 0 ? `; its ${webhooks} webhook${webhooks === 1 ? ' describes a request' : 's describe requests'} the API sends, which a model cannot call` : '';
  const at = asRecord(doc.paths) !== undefined ? child(root, 'paths') : root;
  diagnostics.warn('no-operations', `the spec defines no operations under "paths", so the server has no tools${why}`, at);
}

/** swagger-parser skips this on 3.x; duplicate operationIds make tool names ambiguous. */
function checkDuplicateOperationIds(diagnostics: DiagnosticBag, operations: Operation[]): void {
  const seen = new Map<string, Operation>();
  for (const op of operations) {
    if (op.operationId === undefined) continue;
    const first = seen.get(op.operationId);
    if (first) {
      diagnostics.warn(
        'duplicate-operation-id',
        `operationId "${op.operationId}" is also used by ${first.method.toUpperCase()} ${first.path}`,
        op.source,
      );
    } else {
      seen.set(op.operationId, op);
    }
  }
}
