/**
 * stdio transport: one MCP connection over stdin/stdout. The SDK picks the era from the opening
 * message (2026-07-28 `server/discover` or a 2025 `initialize`) and pins one factory instance for
 * the connection. stdout carries only protocol messages, so everything else goes to stderr.
 */
import type { McpServerFactory, Transport } from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { describeError, type Logger } from './server.gen.js';

export interface StdioOptions {
  /** Another transport than the process's stdin/stdout (tests, sockets). */
  readonly transport?: Transport;
  /** Where transport errors are reported; default: stderr. */
  readonly log?: Logger;
}

export function startStdio(factory: McpServerFactory, options: StdioOptions = {}): StdioServerHandle {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  return serveStdio(factory, {
    legacy: 'serve',
    ...(options.transport !== undefined ? { transport: options.transport } : {}),
    // Out-of-band errors (an unparsable line, a closed pipe). Only the error's name and code are
    // logged: a parse error's message quotes the input, which may hold arguments.
    onerror: (error) => log(`MCP stdio: ${describeError(error)}`),
  });
}
