import type { SourceLocation } from '../diagnostics.js';
import type { OAuthFlow, SecurityRequirement, SecurityScheme } from '../model/api-model.js';
import { asRecord, asString, child, deref, type NormalizeContext } from './normalize-context.js';
import { setOwn } from './set-own.js';

const V2_FLOWS: Record<string, keyof NonNullable<SecurityScheme['flows']>> = {
  implicit: 'implicit',
  password: 'password',
  application: 'clientCredentials',
  accessCode: 'authorizationCode',
};

function normalizeFlow(node: Record<string, unknown>): OAuthFlow {
  const flow: OAuthFlow = { scopes: {} };
  for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
    const v = asString(node[key]);
    if (v !== undefined) flow[key] = v;
  }
  const scopes = asRecord(node.scopes) ?? {};
  for (const [scope, text] of Object.entries(scopes)) setOwn(flow.scopes, scope, typeof text === 'string' ? text : '');
  return flow;
}

/** `components.securitySchemes` (3.x) or `securityDefinitions` (2.0). */
export function normalizeSecuritySchemes(ctx: NormalizeContext, value: unknown, at: SourceLocation): Record<string, SecurityScheme> {
  const out: Record<string, SecurityScheme> = {};
  const schemes = asRecord(value);
  if (!schemes) return out;
  for (const key of Object.keys(schemes)) {
    const resolved = deref(ctx, schemes[key], child(at, key), 'security scheme');
    if (!resolved) continue;
    const node = asRecord(resolved.value);
    const type = asString(node?.type);
    if (!node || type === undefined) {
      ctx.diagnostics.warn('security-scheme-invalid', `security scheme "${key}" has no type; ignored`, resolved.at);
      continue;
    }
    const scheme = toScheme(ctx, key, type, node, resolved.at);
    if (scheme) setOwn(out, key, scheme);
  }
  return out;
}

function toScheme(ctx: NormalizeContext, key: string, type: string, node: Record<string, unknown>, at: SourceLocation): SecurityScheme | undefined {
  const description = asString(node.description);
  const base = description === undefined ? { source: at } : { source: at, description };
  switch (type) {
    case 'apiKey': {
      const name = asString(node.name);
      const location = asString(node.in);
      if (name === undefined || (location !== 'header' && location !== 'query' && location !== 'cookie')) {
        ctx.diagnostics.warn('security-scheme-invalid', `apiKey scheme "${key}" needs "name" and "in" (header, query or cookie); ignored`, at);
        return undefined;
      }
      return { ...base, type: 'apiKey', name, in: location };
    }
    case 'basic':
      return { ...base, type: 'http', scheme: 'basic' };
    case 'http': {
      const scheme = (asString(node.scheme) ?? 'bearer').toLowerCase();
      const result: SecurityScheme = { ...base, type: 'http', scheme };
      const bearerFormat = asString(node.bearerFormat);
      if (bearerFormat !== undefined) result.bearerFormat = bearerFormat;
      return result;
    }
    case 'oauth2': {
      const flows: NonNullable<SecurityScheme['flows']> = {};
      if (ctx.version === '2.0') {
        const flowName = V2_FLOWS[asString(node.flow) ?? ''];
        if (flowName) flows[flowName] = normalizeFlow(node);
      } else {
        const raw = asRecord(node.flows) ?? {};
        for (const name of ['implicit', 'password', 'clientCredentials', 'authorizationCode'] as const) {
          const flow = asRecord(raw[name]);
          if (flow) flows[name] = normalizeFlow(flow);
        }
      }
      return { ...base, type: 'oauth2', flows };
    }
    case 'openIdConnect': {
      const result: SecurityScheme = { ...base, type: 'openIdConnect' };
      const url = asString(node.openIdConnectUrl);
      if (url !== undefined) result.openIdConnectUrl = url;
      return result;
    }
    case 'mutualTLS':
      return { ...base, type: 'mutualTLS' };
    default:
      ctx.diagnostics.warn('security-scheme-invalid', `security scheme "${key}" has unknown type "${type}"; ignored`, at);
      return undefined;
  }
}

/** A `security` array; requirements naming undeclared schemes are warned about and dropped. */
export function normalizeSecurityRequirements(
  ctx: NormalizeContext,
  value: unknown,
  schemes: Record<string, SecurityScheme>,
  at: SourceLocation,
): SecurityRequirement[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    ctx.diagnostics.warn('security-invalid', '"security" is not an array; ignored', at);
    return undefined;
  }
  const out: SecurityRequirement[] = [];
  value.forEach((entry, i) => {
    const req = asRecord(entry);
    if (!req) return;
    const requirement: SecurityRequirement = {};
    let usable = true;
    for (const [name, scopes] of Object.entries(req)) {
      if (!Object.hasOwn(schemes, name)) {
        ctx.diagnostics.warn('security-scheme-unknown', `security requirement names undeclared scheme "${name}"`, child(at, i));
        usable = false;
        continue;
      }
      setOwn(requirement, name, Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : []);
    }
    if (usable || Object.keys(requirement).length > 0) out.push(requirement);
  });
  return out;
}
