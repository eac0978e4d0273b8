/**
 * Runs the user's hooks (hooks.gen.ts) inside one tool call for call-tool.gen.ts: builds each
 * hook's context, checks what the hook returns, and turns anything it throws into a
 * {@link HookFailure} naming the hook. The call then answers `isError` with that message.
 *
 * The `auth` hook's credentials join the call's secrets as they are set, so they are redacted from
 * results and messages and dropped on cross-origin redirects like the environment's. `afterResponse`
 * gets a copy of the request taken before any credentials were added.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { AuthError } from './auth-error.gen.js';
import type { AppliedCredentials } from './auth.gen.js';
import type { AuthContext, Hooks, ToolCallContext } from './hooks.gen.js';
import { encodeUnreserved } from './percent-encode.gen.js';
import { redactSecrets } from './redact.gen.js';
import { appendQueryParameter, type PreparedRequest } from './request.gen.js';
import type { HttpToolEntry } from './types.gen.js';

export type HookName = 'beforeRequest' | 'auth' | 'afterResponse';

/** A hook threw or returned something unusable. `detail` is for the client and the log. */
export class HookFailure extends Error {
  override name = 'HookFailure';
  readonly hook: HookName;
  readonly detail: string;
  constructor(hook: HookName, detail: string, cause?: unknown) {
    super(`hooks.${hook} failed: ${detail}`, cause === undefined ? undefined : { cause });
    this.hook = hook;
    this.detail = detail;
  }
}

/** Longest error message of a hook that is passed on. */
export const MAX_HOOK_DETAIL = 500;
/** RFC 9110 token (header names). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What a fetch Headers value cannot hold. */
const HEADER_UNSAFE = /[\0\r\n\u0100-\uffff]/;

export function toolContext(entry: HttpToolEntry, generatedName: string, args: Record<string, unknown>, signal: AbortSignal): ToolCallContext {
  return { tool: entry.definition.name, generatedName, definition: entry.definition, binding: entry.binding, args, signal };
}

/** `beforeRequest`: the request to send (the same object, changed or not, or its replacement). */
export async function runBeforeRequest(hook: NonNullable<Hooks['beforeRequest']>, base: ToolCallContext, request: PreparedRequest): Promise<PreparedRequest> {
  const returned = await guarded('beforeRequest', () => hook({ ...base, request }));
  if (returned === undefined) return request;
  if (isPreparedRequest(returned)) return returned;
  throw new HookFailure('beforeRequest', 'it returned something that is not a request (return nothing, or an object like ctx.request)');
}

/**
 * `auth`: adds credentials to `request`; every secret it sets is pushed to `applied.secrets` at
 * once. `environment` applies the environment's credentials (once, however often it is asked).
 */
export async function runAuth(
  hook: NonNullable<Hooks['auth']>,
  base: ToolCallContext,
  request: PreparedRequest,
  applied: AppliedCredentials,
  environment: () => Promise<AppliedCredentials>,
): Promise<void> {
  let fromEnvironment: Promise<void> | undefined;
  const secret = (value: string): string => {
    if (typeof value !== 'string') throw new Error('ctx.secret needs a string');
    applied.secrets.push(value);
    return value;
  };
  const ctx: AuthContext = {
    ...base,
    request,
    secret,
    setHeader(name, value) {
      secret(value);
      if (typeof name !== 'string' || !TOKEN.test(name)) throw new Error(`ctx.setHeader: ${JSON.stringify(String(name))} is not a valid HTTP header name`);
      // Checked here: the Headers class would quote the value in its own error message.
      if (HEADER_UNSAFE.test(value)) throw new Error(`ctx.setHeader: the value for ${name} has a line break, NUL or a character above U+00FF, which a header cannot hold`);
      request.headers.set(name, value);
    },
    setQueryParameter(name, value) {
      secret(value);
      const encoded = encodeUnreserved(value, String(name));
      if (encoded !== value) applied.secrets.push(encoded); // an echoed URL shows this form
      appendQueryParameter(request.url, String(name), value);
    },
    useEnvironmentCredentials() {
      fromEnvironment ??= environment().then((env) => {
        applied.secrets.push(...env.secrets);
        applied.fetchedTokens.push(...env.fetchedTokens);
      });
      return fromEnvironment;
    },
  };
  await guarded('auth', () => hook(ctx));
}

/** `afterResponse`: the tool result, from the hook's answer or the standard conversion. */
export async function runAfterResponse(
  hook: NonNullable<Hooks['afterResponse']>,
  base: ToolCallContext,
  sent: PreparedRequest,
  response: Response,
  toResult: (response: Response) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  let standard: Promise<CallToolResult> | undefined;
  const resultOf = (r: Response): Promise<CallToolResult> => {
    if (r !== response) return toResult(r);
    standard ??= toResult(response);
    return standard;
  };
  const returned = await guarded('afterResponse', () => hook({ ...base, request: sent, response, toResult: (r = response) => resultOf(r) }));
  if (returned === undefined) {
    if (standard !== undefined) return standard;
    if (response.bodyUsed) throw new HookFailure('afterResponse', 'it read ctx.response\'s body but returned nothing (return a Response or a tool result, or use ctx.toResult())');
    return resultOf(response);
  }
  if (returned instanceof Response) {
    if (returned.bodyUsed) throw new HookFailure('afterResponse', 'it returned a Response whose body was already read');
    return resultOf(returned);
  }
  if (isToolResult(returned)) return returned;
  throw new HookFailure('afterResponse', 'it returned something that is neither a Response nor a tool result ({ content: [...] })');
}

/** A copy of the request as it is now (before credentials), for `afterResponse`. */
export function copyRequest(request: PreparedRequest): PreparedRequest {
  return {
    method: request.method,
    url: new URL(request.url.href),
    headers: new Headers(request.headers),
    cookies: request.cookies.map(([name, value]): [string, string] => [name, value]),
    ...(request.body !== undefined ? { body: request.body } : {}),
  };
}

/** Runs a hook; what it throws becomes a HookFailure, except a missing-credentials AuthError. */
async function guarded<T>(hook: HookName, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // From ctx.useEnvironmentCredentials (or a hook that means the same): answered as without hooks.
    if (error instanceof AuthError || error instanceof HookFailure) throw error;
    throw new HookFailure(hook, describeThrown(error), error);
  }
}

/**
 * The text a failed hook answers with (and logs): credentials redacted first, then shortened to
 * {@link MAX_HOOK_DETAIL} characters, so a secret cut in half is never left behind.
 */
export function hookFailureText(failure: HookFailure, secrets: readonly string[]): string {
  const detail = redactSecrets(failure.detail, secrets);
  return `hooks.${failure.hook} failed: ${detail.length > MAX_HOOK_DETAIL ? `${detail.slice(0, MAX_HOOK_DETAIL)}…` : detail}`;
}

/** The thrown value as one line: `message`, or `Name: message` for other error classes. */
export function describeThrown(error: unknown): string {
  let text: string;
  try {
    if (error instanceof Error) text = error.name === 'Error' || error.name === '' ? error.message : `${error.name}: ${error.message}`;
    else text = String(error);
  } catch {
    text = 'an unprintable value was thrown';
  }
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim() || 'no message';
}

function isPreparedRequest(value: unknown): value is PreparedRequest {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Partial<PreparedRequest>;
  return typeof r.method === 'string' && r.url instanceof URL && r.headers instanceof Headers && Array.isArray(r.cookies);
}

function isToolResult(value: unknown): value is CallToolResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as { content?: unknown }).content);
}
