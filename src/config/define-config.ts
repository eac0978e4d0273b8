/**
 * The options one API can set in a config file. Each is the camelCase form of a `generate` flag
 * (`nameStyle` ↔ `--name-style`); `src/config/resolve-options.ts` maps them, in one place.
 */
export interface ApiOptions {
  /** npm package name of the generated package (`--name`); default from the API title. */
  name?: string;
  /** `portable` (default): `^[A-Za-z0-9_-]{1,64}$`; `spec`: the MCP maximum `^[A-Za-z0-9_.-]{1,128}$` (`--name-style`). */
  nameStyle?: 'portable' | 'spec';
  /** `standard` (default) or `portable`: no `type` arrays, for single-`type` dialects (`--schema-profile`). */
  schemaProfile?: 'standard' | 'portable';
  /** Extra parameter names never mirrored into `Mcp-Param-*` headers (`--sensitive`). */
  sensitive?: string[];
  /** Parameter names that are not sensitive after all (`--not-sensitive`): exact, ignoring case. */
  notSensitive?: string[];
  /** Warnings become errors: the run fails before anything is written (`--strict`). */
  strict?: boolean;
  /** Also validate the document against the OpenAPI schema (`--validate`). */
  validate?: boolean;
  /** Operations to keep (`--include`): `METHOD /path` globs, `/path` globs or operationIds; see `MapOptions.include`. */
  include?: string[];
  /** Operations to leave out (`--exclude`); excludes win over includes. */
  exclude?: string[];
  /** Keep operations with any of these tags (`--include-tags`). */
  includeTags?: string[];
  /** Leave out operations with any of these tags (`--exclude-tags`). */
  excludeTags?: string[];
  /** Generate a package holding only the typed client, for a server someone else runs (`--client-only`). */
  clientOnly?: boolean;
  /**
   * Directories outside the spec's own directory tree whose files `$ref`s may read, relative to the
   * config file; or origins a URL-loaded spec may fetch although their address is private (`--allow-ref`).
   */
  allowRef?: string[];
  /** When the generated server asks the user before a call runs (`--confirm`): `destructive` (default), `writes` or `none`. */
  confirm?: 'destructive' | 'writes' | 'none';
  /** The upstream credential when the spec declares none or the wrong one (`--auth`): see `MapOptions.auth`. */
  auth?: string;
  /** Names of the `auth` credential's variables (`--auth-env`): `NAME`, or `field=NAME` pairs. */
  authEnv?: string[];
  /** `compact` (default), `full` or `none` (`--output-schema`); see `MapOptions.outputSchema`. */
  outputSchema?: 'full' | 'compact' | 'none';
  /** `compact` (default) or `full` (`--descriptions`); see `MapOptions.descriptions`. */
  descriptions?: 'full' | 'compact';
  /** Tokens the whole tools/list may cost before the run warns (`--token-budget`; default 50,000). */
  tokenBudget?: number;
  /**
   * The mode the generated server starts in (`--tools-mode`): `static` lists every tool, `dynamic`
   * lists search_tools, describe_tools and call_tool; `auto` (default) picks static when the
   * tools/list answer fits the token budget. The server can switch with its own --tools-mode.
   */
  toolsMode?: 'auto' | 'static' | 'dynamic';
}

/** Options every API of a config shares (an API's own value wins). `name` names one package, so it is per API. */
export type SharedOptions = Omit<ApiOptions, 'name'>;

/** One API: its spec, where its package goes, and its options. Paths are relative to the config file. */
export interface ApiConfig extends ApiOptions {
  /** Spec path (relative to the config file) or http(s) URL. */
  input: string;
  /** Output directory of the generated package (relative to the config file). */
  output: string;
}

/** A config with several APIs; options at the top apply to all of them. */
export interface MultiApiConfig extends SharedOptions {
  apis: ApiConfig[];
}

/** What an `openapi-mcp.config.*` file exports: several APIs, or one API as the shorthand. */
export type Config = MultiApiConfig | ApiConfig;

/**
 * Types a config file: `export default defineConfig({ apis: [{ input, output, ... }] })`.
 * Returns its argument unchanged.
 */
export function defineConfig(config: Config): Config {
  return config;
}
