/**
 * `--host-config <host>`: the entry an MCP host needs to start this server, with the real absolute
 * paths of this Node.js and of dist/main.js (only the running server knows them: the generated
 * files stay the same wherever the package lives). One format per host, as each reads it today:
 * Claude Desktop (`claude_desktop_config.json`) and Cursor (`.cursor/mcp.json`) take `mcpServers`;
 * VS Code (`.vscode/mcp.json`) takes `servers` with `type: "stdio"` and prompts for secrets through
 * `inputs`; the MCP Inspector takes a command line. Credential values are placeholders (`...`,
 * which the server treats as unset: auth.gen.ts), one per credential variable; an entry with
 * `--env-file` has none, since a variable the host sets wins over the file and `...` would hide the
 * file's value. A token URL override (`…_TOKEN_URL`) is no credential and gets no placeholder.
 *
 * The flags given with `--host-config` that shape the stdio server ({@link serverFlags}: the tool
 * selection, `--scopes`, `--base-url`, `--confirm`, `--env-file`, `--log`) go into the entry's
 * args, so `--host-config claude-desktop --toolsets pulls --read-only` prints an entry that starts
 * exactly that server (cli.gen.ts checks the selection first). Environment variables of the shell
 * that runs `--host-config` are not copied: the host starts the server with the entry's `env`.
 */
import { resolve } from 'node:path';
import type { CliArgs } from './cli-args.gen.js';
import type { ApiConfig } from './types.gen.js';

export const HOSTS = ['claude-desktop', 'cursor', 'vscode', 'inspector'] as const;
export type Host = (typeof HOSTS)[number];

export function isHost(text: string): text is Host {
  return (HOSTS as readonly string[]).includes(text);
}

/** The text to print for `host`: JSON for the config files, a shell command for the Inspector. `flags` follow the main file. */
export function hostConfig(host: Host, config: ApiConfig, mainFile: string, flags: readonly string[] = [], node: string = process.execPath): string {
  const name = config.name.replace(/^@[^/]+\//, '');
  const secrets = flags.includes('--env-file') ? [] : credentialEnv(config);
  const placeholders = Object.fromEntries(secrets.map((e) => [e, '...']));
  const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
  switch (host) {
    case 'claude-desktop':
    case 'cursor':
      return json({ mcpServers: { [name]: { command: node, args: [mainFile, ...flags], env: placeholders } } });
    case 'vscode':
      return json({
        ...(secrets.length > 0 ? { inputs: secrets.map((e) => ({ type: 'promptString', id: e.toLowerCase(), description: e, password: true })) } : {}),
        servers: { [name]: { type: 'stdio', command: node, args: [mainFile, ...flags], env: Object.fromEntries(secrets.map((e) => [e, `\${input:${e.toLowerCase()}}`])) } },
      });
    case 'inspector':
      return `npx @modelcontextprotocol/inspector ${secrets.map((e) => `-e ${e}=... `).join('')}${[node, mainFile, ...flags].map(quote).join(' ')}\n`;
  }
}

/**
 * The command-line flags of `args` a host's entry repeats, as separate arguments: the selection
 * in the order given (a repeated `--toolsets` already merged; `--list-toolsets` left out: it would
 * only print and exit), then the others. `--env-file` paths become absolute, since a host starts
 * the server in a directory of its own (`cwd`: where relative paths were meant).
 */
export function serverFlags(args: CliArgs, cwd: string = process.cwd()): string[] {
  const flags: string[] = [];
  for (const [flag, value] of args.selection) if (flag !== '--list-toolsets') flags.push(...(value === '' ? [flag] : [flag, value]));
  if (args.scopes !== undefined) flags.push('--scopes', args.scopes);
  if (args.baseUrl !== undefined) flags.push('--base-url', args.baseUrl);
  if (args.confirm !== undefined) flags.push('--confirm', args.confirm);
  for (const file of args.envFiles) flags.push('--env-file', resolve(cwd, file));
  if (args.log !== undefined) flags.push('--log', args.log);
  return flags;
}

function credentialEnv(config: ApiConfig): string[] {
  const names: string[] = [];
  for (const source of Object.values(config.credentials)) {
    if (source.type === 'unsupported') continue;
    for (const [field, envName] of Object.entries(source.env)) if (field !== 'tokenUrl' && !names.includes(envName)) names.push(envName);
  }
  return names;
}

function quote(text: string): string {
  return /^[A-Za-z0-9_./:@=,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
