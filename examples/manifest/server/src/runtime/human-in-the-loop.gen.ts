/**
 * Wires the input gate (input-gate.gen.ts) from what the server was started with: the `--confirm`
 * flag, else `<PREFIX>CONFIRM`, else the default generated into config.gen.ts; the
 * `<PREFIX>STATE_KEY` secret (request-state.gen.ts); the user's `confirm` hook; and where each
 * tool's calls go, for the confirmation message.
 */
import { createInputGate, CONFIRM_POLICIES, type ConfirmHook, type ConfirmPolicy } from './input-gate.gen.js';
import { createStateCodec, type StateCodec } from './request-state.gen.js';
import { buildRequest } from './request.gen.js';
import type { ServerFactoryOptions } from './server.gen.js';
import type { ApiConfig, ToolEntry } from './types.gen.js';
import type { CallTarget } from './elicit-form.gen.js';

/** A `--confirm` value or `<PREFIX>CONFIRM` that is not a policy: one line, the server does not start. */
export class ConfirmPolicyError extends Error {
  override name = 'ConfirmPolicyError';
}

export function isConfirmPolicy(value: string): value is ConfirmPolicy {
  return (CONFIRM_POLICIES as readonly string[]).includes(value);
}

/** The policy in force: the flag, else the environment, else the generated default. */
export function confirmPolicy(config: ApiConfig, env: Record<string, string | undefined>, flag: string | undefined): ConfirmPolicy {
  const [value, where] = flag !== undefined ? [flag, '--confirm'] : [env[config.env.confirm], config.env.confirm];
  if (value === undefined || value.trim() === '') return config.confirm;
  // Any case, as the boolean variables (`<PREFIX>READ_ONLY=TRUE`) and `<PREFIX>TOOLS_MODE`.
  const policy = value.trim().toLowerCase();
  if (!isConfirmPolicy(policy)) throw new ConfirmPolicyError(`${where} must be one of ${CONFIRM_POLICIES.join(', ')}, got ${JSON.stringify(value)}`);
  return policy;
}

export interface GatingSetup {
  config: ApiConfig;
  env: Record<string, string | undefined>;
  policy: ConfirmPolicy;
  /** The base URL a tool's calls go to; `undefined` when none can be resolved (the message then shows no URL). */
  baseUrlFor?: (entry: ToolEntry) => string | undefined;
  confirm?: ConfirmHook;
}

/** The `gate` option of the server factory. Throws `StateKeyError` for a key that is too short. */
export function createGating(setup: GatingSetup): NonNullable<ServerFactoryOptions['gate']> {
  const state: StateCodec = createStateCodec(setup.env[setup.config.env.stateKey], setup.config.env.stateKey);
  const gate = createInputGate({
    policy: setup.policy,
    codec: state,
    target: (entry, args) => target(entry, args, setup.baseUrlFor),
    ...(setup.confirm !== undefined ? { confirm: setup.confirm } : {}),
    policyVariable: setup.config.env.confirm,
  });
  return { gate, state };
}

function target(entry: ToolEntry, args: Record<string, unknown>, baseUrlFor: GatingSetup['baseUrlFor']): CallTarget | undefined {
  const base = baseUrlFor?.(entry);
  if (base === undefined || entry.binding.kind !== 'http') return undefined;
  try {
    const request = buildRequest(entry.binding, args, base, entry.definition.inputSchema);
    const url = new URL(request.url.href);
    url.username = '';
    url.password = '';
    return { method: request.method, url: url.href, host: url.host };
  } catch {
    return undefined; // arguments the request builder refuses: the call itself will say why
  }
}
