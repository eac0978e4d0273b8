/**
 * Human in the loop (MCP 2026-07-28 server/tools: "a human SHOULD be able to deny tool
 * invocations"; basic/patterns/mrtr): before a tool call runs, the gate may answer
 * `input_required` instead, and the call goes on only when the client retries with the answers.
 *
 * 1. Missing arguments. When required arguments the generator marked as askable (`entry.elicit`:
 *    top-level primitives that are not sensitive) are missing and the client can elicit, the gate
 *    asks for all of them in one form instead of failing validation. The SDK validates calls
 *    against a schema without those `required` entries (tool-table.gen.ts); the gate checks the
 *    completed arguments against the full schema.
 * 2. Confirmation. Under the `--confirm` policy (`destructive`: tools whose annotations say
 *    `destructiveHint: true`; `writes`: every tool not marked read-only; `none`), or as the user's
 *    `confirm` hook decides per call, the gate shows what will happen (method, URL with the real
 *    values, the upstream host, the arguments) and asks for a boolean. Accept → the call runs;
 *    decline, cancel or an unchecked box → `isError` "declined by the user", nothing is sent.
 *
 * A client that did not declare form elicitation never gets `input_required` (the SDK would refuse
 * it with -32021): missing arguments fail validation as before, and a call that needs confirmation
 * is refused with an `isError` saying how the server's operator can allow it.
 *
 * Between rounds, everything lives in the `requestState` (request-state.gen.ts): the tool, a keyed
 * digest of the arguments the client sent (the retry must send the same), what was asked, and the
 * values given so far, sealed. Tampered, expired or another key's state is refused by the SDK
 * with the protocol's -32602 before the gate runs; state minted for another tool or other
 * arguments is refused by the gate (an isError, see {@link foreignState}).
 */
import {
  inputRequired,
  inputResponse,
  type CallToolResult,
  type ClientCapabilities,
  type InputRequiredResult,
  type InputRequests,
  type ServerContext,
  type StandardSchemaWithJSON,
} from '@modelcontextprotocol/server';
import { missingArgument } from './argument-errors.gen.js';
import { CONFIRM_FIELD, confirmationForm, missingArgumentsForm, type CallTarget } from './elicit-form.gen.js';
import type { StateCodec, StatePayload } from './request-state.gen.js';
import type { ToolAnnotations, ToolEntry } from './types.gen.js';

export const CONFIRM_POLICIES = ['destructive', 'writes', 'none'] as const;
export type ConfirmPolicy = (typeof CONFIRM_POLICIES)[number];
/** `_meta` key of a result the user declined: `declined` | `cancelled`. */
export const DECLINED_META_KEY = 'openapi-mcp/declined';

/** What the user's `confirm` hook sees; it returns true (ask), false (do not ask) or nothing (the policy decides). */
export interface ConfirmContext {
  readonly tool: string;
  readonly annotations: Readonly<ToolAnnotations>;
  readonly args: Readonly<Record<string, unknown>>;
  /** What the policy alone would decide. */
  readonly policyAsks: boolean;
}
export type ConfirmHook = (ctx: ConfirmContext) => boolean | undefined | void;

export interface InputGateOptions {
  policy: ConfirmPolicy;
  codec: StateCodec;
  /** Where an HTTP tool's call would go with these arguments; `undefined` when it cannot be built. */
  target?: (entry: ToolEntry, args: Record<string, unknown>) => CallTarget | undefined;
  confirm?: ConfirmHook;
  /** For the refusal message: the flag and variable that set the policy. */
  policyVariable: string;
}

export interface GatedTool {
  readonly entry: ToolEntry;
  /** The full input schema (with every `required`). */
  readonly input: StandardSchemaWithJSON<Record<string, unknown>, Record<string, unknown>>;
}

/**
 * How a call the gate let through can ask for more input itself (a manifest handler's
 * `ctx.inputRequired`, handler-context.gen.ts): the next round's state keeps what the gate
 * established (arguments given in a form, the confirmation), so the gate does not ask again.
 */
export interface Continuation {
  /** What the handler passed as `state` to its last `ask` in this call, opened; `undefined` at first. */
  readonly state: unknown;
  /** The client's declared capabilities for this request. */
  readonly capabilities: ClientCapabilities | undefined;
  /** An `input_required` result that resumes this call with `state` (sealed: the client cannot read it). */
  ask(inputRequests: InputRequests, state?: unknown): Promise<InputRequiredResult>;
}

export type GateOutcome = { args: Record<string, unknown>; continuation: Continuation } | { result: CallToolResult | InputRequiredResult };
export type InputGate = (tool: GatedTool, args: Record<string, unknown>, ctx: ServerContext, capabilities: ClientCapabilities | undefined) => Promise<GateOutcome>;

const STATE_MARK = 'openapi-mcp/gate';
const MISSING_KEY = 'missing';
const CONFIRM_KEY = 'confirm';
/** `a` of a state minted by a handler's `ask` (see {@link Continuation}). */
const HANDLER_ROUND = 'handler';

/** Whether the policy asks before this tool runs. */
export function policyAsks(policy: ConfirmPolicy, annotations: ToolAnnotations | undefined): boolean {
  if (policy === 'none') return false;
  if (policy === 'writes') return annotations?.readOnlyHint !== true;
  return annotations?.destructiveHint === true;
}

/** Form elicitation: `elicitation: {}` (form implied, 2025-06-18 style) or `elicitation: { form: {} }`. */
export function canElicitForm(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as { form?: unknown; url?: unknown } | undefined;
  if (elicitation === undefined || elicitation === null) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

export function createInputGate(options: InputGateOptions): InputGate {
  const { codec } = options;
  return async (tool, args, ctx, capabilities) => {
    const { entry } = tool;
    const name = entry.definition.name;
    const digest = codec.digest(args);
    const state = readState(ctx, name, digest);
    if (state === 'foreign') return { result: foreignState() };
    const responses = ctx.mcpReq.inputResponses;
    const elicit = canElicitForm(capabilities);
    let filled: Record<string, unknown> = state?.filled ?? {};

    // 1. Missing arguments.
    if (state?.asked === MISSING_KEY) {
      const answer = inputResponse(responses, MISSING_KEY);
      if (answer.kind === 'elicit' && answer.action !== 'accept') return { result: declined(name, answer.action) };
      if (answer.kind === 'elicit' && answer.content !== undefined) filled = { ...filled, ...pick(answer.content, entry.elicit ?? []) };
    }
    const merged = { ...args, ...filled };
    const missing = (entry.elicit ?? []).filter((key) => merged[key] === undefined);
    if (missing.length > 0) {
      const form = elicit ? missingArgumentsForm(entry, missing) : undefined;
      if (form === undefined) return { result: invalid(tool, merged) ?? invalidFallback(name, missing) };
      const payload = newState(name, digest, MISSING_KEY, filled, codec);
      return { result: inputRequired({ inputRequests: { [MISSING_KEY]: inputRequired.elicit(form) }, requestState: await codec.mint(payload, ctx) }) };
    }
    if (Object.keys(filled).length > 0) {
      const problem = invalid(tool, merged);
      if (problem !== undefined) return { result: problem };
    }

    // 2. Confirmation.
    const annotations = entry.definition.annotations ?? {};
    const byPolicy = policyAsks(options.policy, annotations);
    const hook = options.confirm?.({ tool: name, annotations, args: merged, policyAsks: byPolicy });
    const ask = typeof hook === 'boolean' ? hook : byPolicy;
    const pass = (confirmed: boolean): GateOutcome => ({
      args: merged,
      continuation: {
        state: state?.handlerState,
        capabilities,
        ask: async (inputRequests, handlerState) => {
          const payload = { ...newState(name, digest, HANDLER_ROUND, filled, codec), ...(confirmed ? { c: 1 } : {}), ...(handlerState !== undefined ? { h: codec.seal(handlerState) } : {}) };
          return inputRequired({ inputRequests, requestState: await codec.mint(payload, ctx) });
        },
      },
    });
    if (!ask) return pass(false);
    if (state?.confirmed === true) return pass(true);
    if (state?.asked === CONFIRM_KEY) {
      const answer = inputResponse(responses, CONFIRM_KEY);
      if (answer.kind === 'elicit') {
        if (answer.action === 'accept' && answer.content?.[CONFIRM_FIELD] === true) return pass(true);
        return { result: declined(name, answer.action === 'accept' ? 'decline' : answer.action) };
      }
    }
    if (!elicit) return { result: cannotConfirm(name, annotations, options.policyVariable, capabilities === undefined) };
    const form = confirmationForm(entry, merged, options.target?.(entry, merged), why(annotations));
    const payload = newState(name, digest, CONFIRM_KEY, filled, codec);
    return { result: inputRequired({ inputRequests: { [CONFIRM_KEY]: inputRequired.elicit(form) }, requestState: await codec.mint(payload, ctx) }) };
  };

  /** The verified state of this gate for this call, undefined for a first round, `foreign` for state of another call. */
  function readState(ctx: ServerContext, tool: string, digest: string): GateState | 'foreign' | undefined {
    const payload = ctx.mcpReq.requestState<StatePayload>();
    if (payload === undefined) return undefined;
    // Verified by the SDK already (HMAC, expiry, binding); here: minted by this gate for this call?
    if (payload['g'] !== STATE_MARK || payload['t'] !== tool || payload['d'] !== digest || typeof payload['a'] !== 'string') return 'foreign';
    const opened = typeof payload['f'] === 'string' ? codec.open(payload['f']) : {};
    if (typeof opened !== 'object' || opened === null || Array.isArray(opened)) return 'foreign';
    let handlerState: unknown;
    if (typeof payload['h'] === 'string') {
      handlerState = codec.open(payload['h']);
      if (handlerState === undefined) return 'foreign';
    }
    return { asked: payload['a'], filled: opened as Record<string, unknown>, confirmed: payload['c'] === 1, handlerState };
  }
}

/**
 * State the SDK verified (our key, not expired, same principal) but minted for another call: other
 * tool or other arguments. The SDK turns handler errors into results, so this is an isError with
 * the protocol error's words rather than -32602 itself; nothing is sent.
 */
function foreignState(): CallToolResult {
  return { content: [{ type: 'text', text: 'Invalid or expired requestState' }], isError: true };
}

/** What a verified state of this gate says: what was asked last, the values given, the confirmation, the handler's own state. */
interface GateState {
  asked: string;
  filled: Record<string, unknown>;
  confirmed: boolean;
  handlerState: unknown;
}

function newState(tool: string, digest: string, asked: string, filled: Record<string, unknown>, codec: StateCodec): StatePayload {
  return { g: STATE_MARK, t: tool, d: digest, a: asked, ...(Object.keys(filled).length > 0 ? { f: codec.seal(filled) } : {}) };
}

/** Only the asked-for keys of an answer (extra fields a client sends are ignored, mrtr "Error Handling"). */
function pick(content: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (Object.hasOwn(content, key) && content[key] !== undefined) out[key] = content[key];
  return out;
}

/** The SDK's own validation error for arguments that fail the full schema; undefined when they pass. */
function invalid(tool: GatedTool, args: Record<string, unknown>): CallToolResult | undefined {
  const checked = tool.input['~standard'].validate(args);
  if (checked instanceof Promise) throw new Error('Input validators must be synchronous');
  if (checked.issues === undefined || checked.issues.length === 0) return undefined;
  const issues = checked.issues.map((issue) => {
    const path = issue.path?.map((p) => String(typeof p === 'object' ? p.key : p)).join('.') ?? '';
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  const text = `Input validation error: Invalid arguments for tool ${tool.entry.definition.name}: ${issues.join(', ')}`;
  return { content: [{ type: 'text', text }], isError: true };
}

function invalidFallback(tool: string, missing: readonly string[]): CallToolResult {
  const text = `Input validation error: Invalid arguments for tool ${tool}: ${missing.map(missingArgument).join(', ')}`;
  return { content: [{ type: 'text', text }], isError: true };
}

function declined(tool: string, action: 'decline' | 'cancel'): CallToolResult {
  const text = `${tool}: declined by the user${action === 'cancel' ? ' (cancelled)' : ''}; the call did not run.`;
  return { content: [{ type: 'text', text }], isError: true, _meta: { [DECLINED_META_KEY]: action === 'cancel' ? 'cancelled' : 'declined' } };
}

function why(annotations: ToolAnnotations): string {
  if (annotations.destructiveHint === true) return 'may delete or overwrite data';
  if (annotations.readOnlyHint !== true) return 'changes data';
  return 'was marked for confirmation';
}

/**
 * The refusal when the client cannot be asked. `unknown`: the request carries no client
 * capabilities at all, as from a 2025-era client over HTTP (the endpoint keeps no session, so its
 * `initialize` is not known when a call comes, and the server could not send it a question anyway).
 */
function cannotConfirm(tool: string, annotations: ToolAnnotations, variable: string, unknown: boolean): CallToolResult {
  const reason = unknown
    ? 'but the server cannot ask this client: the request does not say what the client can do (a 2025-era client over HTTP, ' +
      'where this server keeps no session, cannot be asked; stdio and 2026-07-28 clients can)'
    : 'but this client cannot ask the user (it declares no form elicitation capability)';
  const text =
    `${tool} ${why(annotations)} and needs the user's confirmation first, ${reason}. To allow such calls without confirmation, ` +
    `start the server with --confirm none (or set ${variable}=none).`;
  return { content: [{ type: 'text', text }], isError: true, _meta: { [DECLINED_META_KEY]: 'unconfirmed' } };
}
