/**
 * The `requestState` of multi round-trip calls (MCP 2026-07-28, basic/patterns/mrtr): what a
 * server needs between the round that asked for input and the retry that brings it, carried by the
 * client so that no server-side session is needed. A stateless server, or several instances behind
 * a load balancer that share `<PREFIX>STATE_KEY`, can resume any call.
 *
 * The state is attacker-controlled on the way back (mrtr, server requirement 4), so:
 * - it is integrity-protected with the SDK's HMAC codec (`createRequestStateCodec`): a tampered
 *   value, one older than {@link STATE_TTL_SECONDS}, or one minted for another principal or method
 *   is refused by the SDK's seam with the protocol's `-32602` "Invalid or expired requestState"
 *   before any handler runs;
 * - whatever carries argument values is sealed (AES-256-GCM) before it goes in, because the SDK
 *   codec signs but does not encrypt: the client could otherwise read the values in clear;
 * - it is bound to the tool and to a keyed digest of the call's arguments by the gate
 *   (input-gate.gen.ts), so state minted for one call is refused on another.
 *
 * The MAC key and the encryption key are derived from the one secret with HKDF, each for its
 * purpose. Without `<PREFIX>STATE_KEY` a random key is made per process: then a retry must reach
 * the same process (fine for stdio and a single HTTP instance).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';

/** How long a minted requestState stays valid: time enough for a person to read and answer a form. */
export const STATE_TTL_SECONDS = 600;
/** A configured key must be at least this long (the SDK codec's HMAC key minimum is 32 bytes). */
export const MIN_STATE_KEY_LENGTH = 32;

export type StatePayload = { readonly [key: string]: unknown };

export interface StateCodec {
  /** Seals a payload into the wire string handed back as `requestState`. */
  mint(payload: StatePayload, ctx: ServerContext): Promise<string>;
  /** For `ServerOptions.requestState.verify`: the payload, or a throw (answered as -32602 by the SDK). */
  verify(state: string, ctx: ServerContext): Promise<StatePayload>;
  /** Encrypts a JSON value (argument values) for a payload; only this key can open it. */
  seal(value: unknown): string;
  /** Opens what {@link seal} made; `undefined` when it does not open (never throws). */
  open(sealed: string): unknown;
  /** A keyed digest of a JSON value: equal values give equal digests; reveals nothing without the key. */
  digest(value: unknown): string;
  /** True when the key came from the environment (shared between processes). */
  readonly shared: boolean;
}

/** A `<PREFIX>STATE_KEY` that cannot be used: one line for stderr, the server does not start. */
export class StateKeyError extends Error {
  override name = 'StateKeyError';
}

export function createStateCodec(secret: string | undefined, variable: string): StateCodec {
  if (secret !== undefined && secret !== '' && secret.length < MIN_STATE_KEY_LENGTH) {
    throw new StateKeyError(
      `${variable} must be at least ${MIN_STATE_KEY_LENGTH} characters (e.g. the output of \`openssl rand -base64 32\`)`,
    );
  }
  const shared = secret !== undefined && secret !== '';
  const root = shared ? Buffer.from(secret, 'utf8') : randomBytes(32);
  const derive = (purpose: string): Buffer => Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), `openapi-mcp requestState ${purpose}`, 32));
  const macKey = derive('mac');
  const sealKey = derive('seal');
  const digestKey = derive('digest');
  const codec = createRequestStateCodec<StatePayload>({ key: new Uint8Array(macKey), ttlSeconds: STATE_TTL_SECONDS, bind: binding });
  return {
    shared,
    mint: (payload, ctx) => codec.mint(payload, ctx),
    verify: async (state, ctx) => {
      const payload = await codec.verify(state, ctx);
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new Error('malformed');
      return payload;
    },
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      try {
        const bytes = Buffer.from(sealed, 'base64url');
        if (bytes.length < 28) return undefined;
        const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    },
    digest: (value) => createHmac('sha256', digestKey).update(canonicalJson(value)).digest('base64url').slice(0, 32),
  };
}

/**
 * What a state is bound to (mrtr, server requirement 5): the method, and the authenticated
 * principal when the endpoint has one, so state minted for one caller is refused for another.
 */
function binding(ctx: ServerContext): string {
  const auth = ctx.http?.authInfo;
  const subject = auth?.extra !== undefined && typeof auth.extra['sub'] === 'string' ? auth.extra['sub'] : '';
  return `${ctx.mcpReq.method}\u0000${auth?.clientId ?? ''}\u0000${subject}`;
}

/** JSON with object keys sorted at every level, so equal values have one text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
