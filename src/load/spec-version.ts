import { UserError } from '../diagnostics.js';

export type SpecVersion = '2.0' | '3.0' | '3.1';
/** What a root document is: an OpenAPI version, or a tool manifest. */
export type DocumentVersion = SpecVersion | 'manifest';

/**
 * Checks that a parsed root document is an OpenAPI document this tool reads, and which version.
 * Throws `UserError('<display>: not an OpenAPI document (<why>)')` or `<display>: no "paths" object`.
 * `swagger: 2.0` and `openapi: 3.1` written as YAML numbers are accepted, as most tools do.
 * In 3.1 `paths` is optional (§4.8.1: at least one of paths, components, webhooks).
 */
export function detectSpecVersion(document: unknown, display: string): SpecVersion {
  const notOpenApi = (why: string) => new UserError(`${display}: not an OpenAPI document (${why})`);
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw notOpenApi(`top level is ${describe(document)}, not an object`);
  }
  const root = document as Record<string, unknown>;
  let version: SpecVersion;
  if (root.openapi !== undefined) {
    const v = typeof root.openapi === 'number' ? numberVersion(root.openapi) : root.openapi;
    if (typeof v === 'string' && /^3\.0(\.\d+)?(-[\w.]+)?$/.test(v)) version = '3.0';
    else if (typeof v === 'string' && /^3\.1(\.\d+)?(-[\w.]+)?$/.test(v)) version = '3.1';
    else throw notOpenApi(`unsupported openapi version ${JSON.stringify(root.openapi)}; supported: 3.0.x, 3.1.x`);
  } else if (root.swagger !== undefined) {
    if (root.swagger === '2.0' || root.swagger === 2) version = '2.0';
    else throw notOpenApi(`unsupported swagger version ${JSON.stringify(root.swagger)}; supported: 2.0`);
  } else {
    // A manifest is recognised before this (manifest-root.ts); a misspelt marker lands here.
    const misspelt = Object.keys(root).find((k) => ['openapi', 'swagger', 'toolmanifest'].includes(k.toLowerCase()));
    const hint = misspelt === undefined ? '' : `; ${JSON.stringify(misspelt)} is spelt ${misspelt.toLowerCase() === 'toolmanifest' ? '"toolManifest"' : JSON.stringify(misspelt.toLowerCase())}`;
    throw new UserError(`${display}: not an OpenAPI document or tool manifest (no "openapi", "swagger" or "toolManifest" field${hint})`);
  }
  if (!isObject(root.paths)) {
    if (version !== '3.1') throw new UserError(`${display}: no "paths" object`);
    if (root.paths != null || (!isObject(root.webhooks) && !isObject(root.components))) {
      throw new UserError(`${display}: no "paths", "webhooks" or "components" object`);
    }
  }
  return version;
}

function numberVersion(value: number): string {
  if (value === 3) return '3.0';
  return String(value);
}

function isObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
