/**
 * Exact versions a generated package depends on. Changing one changes every generated
 * package.json, so they only move together with a release of openapi-mcp.
 */
export const GENERATED_DEPENDENCIES = {
  '@modelcontextprotocol/client': '2.4.0',
  '@modelcontextprotocol/node': '2.1.2',
  '@modelcontextprotocol/server': '2.4.0',
  /** JWT access tokens for the HTTP endpoint (templates/runtime/oauth-resource.gen.ts). */
  jose: '6.2.18',
  minisearch: '7.2.0',
} as const;

export const GENERATED_DEV_DEPENDENCIES = {
  '@types/node': '22.20.7',
  typescript: '7.0.2',
} as const;
