/**
 * `--host-config <host>`: the entry an MCP host needs to start this server, with the real absolute
 * paths of this Node.js and of dist/main.js (only the running server knows them: the generated
 * files stay the same wherever the package lives). One format per host, as each reads it today:
 * Claude Desktop (`claude_desktop_config.json`) and Cursor (`.cursor/mcp.json`) take `mcpServers`;
 * VS Code (`.vscode/mcp.json`) takes `servers` with `type: "stdio"` and prompts for secrets through
 * `inputs`; the MCP Inspector takes a command line. Credential values are placeholders (`...`).
 */
import type { ApiConfig } from './types.gen.js';

export const HOSTS = ['claude-desktop', 'cursor', 'vscode', 'inspector'] as const;
export type Host = (typeof HOSTS)[number];

export function isHost(text: string): text is Host {
  return (HOSTS as readonly string[]).includes(text);
}

/** The text to print for `host`: JSON for the config files, a shell command for the Inspector. */
export function hostConfig(host: Host, config: ApiConfig, mainFile: string, node: string = process.execPath): string {
  const name = config.name.replace(/^@[^/]+\//, '');
  const secrets = credentialEnv(config);
  const placeholders = Object.fromEntries(secrets.map((e) => [e, '...']));
  const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
  switch (host) {
    case 'claude-desktop':
    case 'cursor':
      return json({ mcpServers: { [name]: { command: node, args: [mainFile], env: placeholders } } });
    case 'vscode':
      return json({
        ...(secrets.length > 0 ? { inputs: secrets.map((e) => ({ type: 'promptString', id: e.toLowerCase(), description: e, password: true })) } : {}),
        servers: { [name]: { type: 'stdio', command: node, args: [mainFile], env: Object.fromEntries(secrets.map((e) => [e, `\${input:${e.toLowerCase()}}`])) } },
      });
    case 'inspector':
      return `npx @modelcontextprotocol/inspector ${secrets.map((e) => `-e ${e}=... `).join('')}${quote(node)} ${quote(mainFile)}\n`;
  }
}

function credentialEnv(config: ApiConfig): string[] {
  const names: string[] = [];
  for (const source of Object.values(config.credentials)) {
    if (source.type === 'unsupported') continue;
    for (const envName of Object.values(source.env)) if (!names.includes(envName)) names.push(envName);
  }
  return names;
}

function quote(text: string): string {
  return /^[A-Za-z0-9_./:@=-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
