/**
 * `--log json`: one line of JSON per tool call on stderr, written when the call ends:
 *
 *   {"time":"2026-12-01T10:00:00.000Z","tool":"getRepo","method":"GET","path":"/repos/{owner}/{repo}",
 *    "status":200,"durationMs":12.3,"retries":0}
 *
 * `time` is when the call started; `path` is the template, never the filled-in URL; `status` the
 * upstream's last HTTP status, or null when there was none (then `error` says why: timeout,
 * network, auth, …, as `_meta["openapi-mcp/error"]`). Nothing else: no argument values, no bodies,
 * no headers, no credentials, so the log can be shipped anywhere.
 */
import type { AnyToolCaller } from './call-tool.gen.js';
import { ERROR_META_KEY, STATUS_META_KEY } from './result.gen.js';
import { RETRIES_META_KEY } from './retry.gen.js';

export const LOG_FORMATS = ['json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface CallLogRecord {
  time: string;
  tool: string;
  method: string | null;
  path: string | null;
  status: number | null;
  durationMs: number;
  retries: number;
  error?: string;
}

/** `callTool`, with a record of each call handed to `write` when it ends. */
export function withCallLog(callTool: AnyToolCaller, write: (line: string) => void, now: () => number = Date.now): AnyToolCaller {
  return async (entry, args, signal, request, continuation) => {
    const started = now();
    const startedAt = performance.now();
    let result: Awaited<ReturnType<AnyToolCaller>> | undefined;
    try {
      result = await callTool(entry, args, signal, request, continuation);
      return result;
    } finally {
      const meta = (result?._meta ?? {}) as Record<string, unknown>;
      const binding = entry.binding as { kind?: string; method?: string; path?: string };
      const record: CallLogRecord = {
        time: new Date(started).toISOString(),
        tool: entry.definition.name,
        method: binding.kind === 'http' && typeof binding.method === 'string' ? binding.method : null,
        path: binding.kind === 'http' && typeof binding.path === 'string' ? binding.path : null,
        status: typeof meta[STATUS_META_KEY] === 'number' ? (meta[STATUS_META_KEY] as number) : null,
        durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
        retries: typeof meta[RETRIES_META_KEY] === 'number' ? (meta[RETRIES_META_KEY] as number) : 0,
      };
      const error = result === undefined ? 'internal' : meta[ERROR_META_KEY];
      if (typeof error === 'string') record.error = error;
      write(JSON.stringify(record));
    }
  };
}
