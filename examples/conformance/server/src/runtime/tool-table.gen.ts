/**
 * The tool table: everything derived from the tool definitions, built ONCE per process.
 *
 * - input validators: one StandardSchema object per tool, created at start-up and handed to
 *   `registerTool` on every request, so the SDK validates arguments and `Mcp-Param-*` headers.
 *   Ajv compiles a schema the first time it is used and the result is kept in the table. Eager
 *   compilation does not scale: the GitHub API's 1,223 input and 926 output schemas take about 12 s
 *   to compile, so the server could not answer tools/list within a second of starting. A tool that
 *   is never called is never compiled. Compilation is memoized per tool: compiling per request
 *   would cost hundreds of milliseconds and leak memory, because Ajv caches compiled schemas by
 *   object identity and never evicts them (spike pitfall P1). `eager: true` compiles everything
 *   up front, for checks.
 * - output validators: one `(value) => string | undefined` per tool with an outputSchema, for the
 *   tool caller's mismatch policy (the SDK never sees outputSchema, see server.gen.ts). They are
 *   compiled lazily too.
 * - the tools/list pages: `ListToolsResult` objects keyed by opaque cursor, rendered once on the
 *   first tools/list, each with `ttlMs` and `cacheScope` (the list does not depend on the caller,
 *   so `public` by default).
 */
import { createHash } from 'node:crypto';
import {
  fromJsonSchema,
  ProtocolError,
  ProtocolErrorCode,
  type CacheScope,
  type ListToolsResult,
  type StandardSchemaWithJSON,
  type Tool,
} from '@modelcontextprotocol/server';
import { explainArgumentErrors } from './argument-errors.gen.js';
import { mentionsInheritedName, withoutPrototypes } from './own-properties.gen.js';
import { guardPatterns } from './pattern-guard.gen.js';
import type { JsonSchemaObject, ToolEntry } from './types.gen.js';

/** Tools per tools/list page. Generous on purpose: clients of SDK 1.x read only the first page. */
export const DEFAULT_PAGE_SIZE = 100;
/**
 * Without an explicit page size, pages grow beyond {@link DEFAULT_PAGE_SIZE} so that the list never
 * takes more than this many pages: the official v2 client's `listTools()` throws after 64 pages
 * (`ClientOptions.listMaxPages`), which 100-tool pages would reach at 6,400 tools.
 */
export const DEFAULT_MAX_PAGES = 50;
/**
 * A tools/list page also ends before its tools' JSON passes this many bytes (a page always holds
 * at least one tool). The official stdio client reads messages into a 10 MB buffer and closes the
 * connection on a longer line; Microsoft Graph beta's 100-tool pages reached 15.7 MB. 4 MB keeps
 * every page well under that, and even the largest specs with full output schemas (134 MB of
 * tools) under the v2 client's 64-page limit.
 */
export const DEFAULT_MAX_PAGE_BYTES = 4_000_000;
/** How long a client may cache a tools/list page: the list is fixed for the life of the process. */
export const DEFAULT_LIST_TTL_MS = 300_000;

export type JsonObject = { [key: string]: unknown };

/** Checks a value against a tool's outputSchema: `undefined` when it matches, else the reason. */
export type OutputValidator = (value: unknown) => string | undefined;

export interface CompiledTool {
  readonly entry: ToolEntry;
  /** The full inputSchema: created once, compiled on first use. */
  readonly input: StandardSchemaWithJSON<JsonObject, JsonObject>;
  /**
   * What `registerTool` validates calls against: `input` itself, or for a tool with arguments the
   * server may ask for (`entry.elicit`), the same schema without those in `required`, so a call
   * that leaves them out reaches the input gate (input-gate.gen.ts), which checks `input` after.
   */
  readonly accepts: StandardSchemaWithJSON<JsonObject, JsonObject>;
}

export interface ToolTableOptions {
  /**
   * Tools per tools/list page (positive integer). Default: {@link DEFAULT_PAGE_SIZE}, or more when
   * the list would otherwise take more than {@link DEFAULT_MAX_PAGES} pages.
   */
  readonly pageSize?: number;
  /** A page ends before its tools' JSON passes this many bytes; default {@link DEFAULT_MAX_PAGE_BYTES}. */
  readonly maxPageBytes?: number;
  /** `ttlMs` on every page (positive integer); default {@link DEFAULT_LIST_TTL_MS}. */
  readonly ttlMs?: number;
  /** `cacheScope` on every page; default `public`. */
  readonly cacheScope?: CacheScope;
  /** Compile every validator now, so a broken schema fails here instead of at its first call. */
  readonly eager?: boolean;
}

export interface ToolTable {
  /** In the order given (the mapping's order). */
  readonly all: readonly CompiledTool[];
  readonly byName: ReadonlyMap<string, CompiledTool>;
  /** Only tools that declare an outputSchema have an entry. */
  readonly outputValidators: ReadonlyMap<string, OutputValidator>;
  readonly pageSize: number;
  /** A page ends before its tools pass this many bytes of JSON (see {@link DEFAULT_MAX_PAGE_BYTES}). */
  readonly maxPageBytes: number;
  /** `ttlMs` of every page. */
  readonly listTtlMs: number;
  /** The tools/list page for a cursor (`undefined` = first page); a bad cursor throws -32602. */
  listPage(cursor: string | undefined): ListToolsResult;
}

export function buildToolTable(entries: readonly ToolEntry[], options: ToolTableOptions = {}): ToolTable {
  const pageSize = positiveInteger(
    'pageSize',
    options.pageSize ?? Math.max(DEFAULT_PAGE_SIZE, Math.ceil(entries.length / DEFAULT_MAX_PAGES)),
  );
  const maxPageBytes = positiveInteger('maxPageBytes', options.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES);
  const ttlMs = positiveInteger('ttlMs', options.ttlMs ?? DEFAULT_LIST_TTL_MS);
  const cacheScope = options.cacheScope ?? 'public';

  const all: CompiledTool[] = [];
  const byName = new Map<string, CompiledTool>();
  const outputValidators = new Map<string, OutputValidator>();
  for (const entry of entries) {
    const { name, inputSchema, outputSchema } = entry.definition;
    if (byName.has(name)) throw new Error(`Duplicate tool name ${JSON.stringify(name)}`);
    const input = lazySchema<JsonObject>(name, 'inputSchema', inputSchema, true);
    const relaxed = entry.elicit !== undefined && entry.elicit.length > 0 ? lazySchema<JsonObject>(name, 'inputSchema', withoutRequired(inputSchema, entry.elicit), true) : undefined;
    const tool: CompiledTool = { entry, input: input.schema, accepts: relaxed?.schema ?? input.schema };
    all.push(tool);
    byName.set(name, tool);
    const output = outputSchema === undefined ? undefined : lazySchema(name, 'outputSchema', outputSchema);
    if (output !== undefined) outputValidators.set(name, outputValidator(output.schema));
    if (options.eager === true) {
      input.compile();
      relaxed?.compile();
      output?.compile();
    }
  }

  // Rendered on the first tools/list: dynamic mode never lists these tools (Microsoft Graph's 11,422 take ~0.4 s and ~30 MB).
  let pages: ReadonlyMap<string, ListToolsResult> | undefined;
  return {
    all,
    byName,
    outputValidators,
    pageSize,
    maxPageBytes,
    listTtlMs: ttlMs,
    listPage: (cursor) => listPageOf((pages ??= buildListPages(all, { pageSize, maxPageBytes, ttlMs, cacheScope })), cursor),
  };
}

/** The page for a cursor of {@link buildListPages}; a bad cursor throws -32602. */
export function listPageOf(pages: ReadonlyMap<string, ListToolsResult>, cursor: string | undefined): ListToolsResult {
  // The first page has no cursor; '' is not a cursor this server ever handed out.
  const page = cursor === '' ? undefined : pages.get(cursor ?? '');
  if (page === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor');
  return page;
}

/**
 * Pages keyed by cursor, '' for the first one: at most `pageSize` tools, and no more tools than
 * fit in `maxPageBytes` of JSON (but at least one). A cursor is opaque to clients: base64url of a
 * fingerprint of this tool list (names and page limits, so cursors from a different build or
 * configuration are refused instead of silently shifting) and the page's offset.
 */
export function buildListPages(
  all: readonly CompiledTool[],
  limits: { pageSize: number; maxPageBytes: number; ttlMs: number; cacheScope: CacheScope },
): ReadonlyMap<string, ListToolsResult> {
  const { pageSize, maxPageBytes, ttlMs, cacheScope } = limits;
  const hash = createHash('sha256').update(`${pageSize}\n${maxPageBytes}\n`);
  for (const tool of all) hash.update(`${tool.entry.definition.name}\n`);
  const fingerprint = hash.digest('base64url').slice(0, 16);
  const cursorFor = (offset: number): string => Buffer.from(`${fingerprint}:${offset}`).toString('base64url');

  const tools = all.map((tool) => listed(tool.entry));
  const pages = new Map<string, ListToolsResult>();
  // An empty tool list still has one (empty) first page.
  for (let offset = 0; offset === 0 || offset < tools.length;) {
    let next = offset;
    let bytes = 0;
    while (next < tools.length && next - offset < pageSize) {
      const size = Buffer.byteLength(JSON.stringify(tools[next])) + 1; // and its comma
      if (next > offset && bytes + size > maxPageBytes) break;
      bytes += size;
      next += 1;
    }
    const page: ListToolsResult = {
      tools: tools.slice(offset, next),
      ...(next < tools.length ? { nextCursor: cursorFor(next) } : {}),
      ttlMs,
      cacheScope,
    };
    pages.set(offset === 0 ? '' : cursorFor(offset), page);
    if (next === offset) break; // no tools at all
    offset = next;
  }
  return pages;
}

/** The tool as tools/list shows it: the generated definition, outputSchema included. */
export function listed(entry: ToolEntry): Tool {
  const { name, title, description, inputSchema, outputSchema, annotations, icons } = entry.definition;
  return {
    name,
    ...(title !== undefined ? { title } : {}),
    description,
    inputSchema: inputSchema as Tool['inputSchema'],
    ...(outputSchema !== undefined ? { outputSchema: outputSchema as NonNullable<Tool['outputSchema']> } : {}),
    ...(annotations !== undefined ? { annotations } : {}),
    ...(icons !== undefined ? { icons } : {}),
  };
}

export interface LazySchema<T> {
  /** Same shape as `fromJsonSchema`'s result; validating compiles the schema once. */
  readonly schema: StandardSchemaWithJSON<T, T>;
  compile(): void;
}

/** `arguments`: the schema checks a tool's arguments, so its errors are explained (argument-errors.gen.ts). */
export function lazySchema<T>(tool: string, which: string, json: JsonSchemaObject, args = false): LazySchema<T> {
  let compiled: StandardSchemaWithJSON<T, T> | undefined;
  const compile = (): StandardSchemaWithJSON<T, T> => {
    if (compiled !== undefined) return compiled;
    try {
      compiled = fromJsonSchema<T>(guardPatterns(json) as JsonSchemaObject);
    } catch (error) {
      // e.g. a dangling $ref (MissingRefError): name the tool. Not cached, so it fails every time.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Tool ${JSON.stringify(tool)}: cannot compile its ${which}: ${reason}`);
    }
    return compiled;
  };
  let inherits: boolean | undefined;
  const checked: StandardSchemaWithJSON<T, T>['~standard']['validate'] = (value, options) => {
    const check = compile()['~standard'];
    if (!(inherits ??= mentionsInheritedName(json))) return check.validate(value, options);
    // Validated without prototypes (see own-properties.gen.ts); the value passes on unchanged.
    const result = check.validate(withoutPrototypes(value), options);
    return result instanceof Promise || result.issues !== undefined ? result : { value: value as T };
  };
  const validate: typeof checked = !args
    ? checked
    : (value, options) => {
        const result = checked(value, options);
        if (result instanceof Promise || result.issues === undefined) return result;
        return { issues: result.issues.map((issue) => ({ ...issue, message: explainArgumentErrors(issue.message, value, json) })) };
      };
  const schema: StandardSchemaWithJSON<T, T> = {
    '~standard': {
      version: 1,
      vendor: 'mcp', // as fromJsonSchema: the SDK advertises and scans `json` verbatim
      jsonSchema: { input: () => json, output: () => json },
      validate,
    },
  };
  return { schema, compile: () => void compile() };
}

/** The schema with `names` taken out of its top-level `required`. */
function withoutRequired(schema: JsonSchemaObject, names: readonly string[]): JsonSchemaObject {
  const required = Array.isArray(schema['required']) ? (schema['required'] as unknown[]).filter((key) => !names.includes(key as string)) : [];
  const { required: _dropped, ...rest } = schema;
  return required.length > 0 ? { ...rest, required } : rest;
}

function outputValidator(schema: StandardSchemaWithJSON<unknown, unknown>): OutputValidator {
  return (value) => {
    const result = schema['~standard'].validate(value);
    // fromJsonSchema's validator is synchronous (Ajv); a Promise would mean a different validator.
    if (result instanceof Promise) throw new Error('Output validators must be synchronous');
    return result.issues === undefined ? undefined : result.issues.map((issue) => issue.message).join('; ');
  };
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${value}`);
  return value;
}
