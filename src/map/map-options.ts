import type { DescriptionsMode } from './compact-tool.js';
import type { OutputSchemaMode } from './compact-output.js';

/** Options of the map stage (all optional; defaults documented here). */
import type { SchemaProfile } from './schema-profile.js';

export interface MapOptions {
  /** `standard` (default): the JSON Schema as mapped; `portable`: no `type` arrays (see schema-profile.ts). */
  schemaProfile?: SchemaProfile;
  /** `portable` (default): `^[A-Za-z0-9_-]{1,64}$`, accepted by model APIs. `spec`: the MCP maximum `^[A-Za-z0-9_.-]{1,128}$`. */
  nameStyle?: 'portable' | 'spec';
  /** Extra names (matched against a parameter name's words) or patterns that mark a parameter as sensitive. */
  sensitivePatterns?: readonly (string | RegExp)[];
  /**
   * Parameter names the built-in sensitive list must not claim (a false positive such as a
   * `X-Card-Type` header), compared exactly, ignoring case (CLI `--not-sensitive`). Extra patterns
   * and security schemes' own parameters still win.
   */
  notSensitive?: readonly string[];
  /** Maximum description length before it is cut with a visible marker. */
  descriptionMaxLength?: number;
  /**
   * Operation patterns to keep (CLI `--include`): `METHOD /path` globs (`GET /repos/**`,
   * `* /admin/*`, `DELETE *`; method case-insensitive, `*` any method; in the path `*` is any run
   * without `/`, `**` any run, `/**` also none), a bare `/path` glob (any method), or an
   * operationId (exact, same wildcards). An operation is kept when it matches some `include` or
   * `includeTags` entry (or both are empty) and no `exclude` or `excludeTags` entry.
   * The spec's `x-mcp`/`x-speakeasy-mcp` extensions decide first: what they leave out stays out.
   * A pattern or tag matching no operation is a warning. See `src/map/selection.ts`.
   */
  include?: readonly string[];
  /** Operation patterns to leave out (CLI `--exclude`), as for `include`; excludes win over includes. */
  exclude?: readonly string[];
  /** Keep operations with any of these tags (CLI `--include-tag`); compared exactly, case-sensitive. */
  includeTags?: readonly string[];
  /** Leave out operations with any of these tags (CLI `--exclude-tag`). */
  excludeTags?: readonly string[];
  /**
   * The upstream credential for operations without a `security` of their own (CLI `--auth`):
   * `bearer`, `basic`, `apikey-header:NAME`, `apikey-query:NAME`, `apikey-cookie:NAME` or
   * `oauth2-client-credentials:TOKEN_URL`. See `src/map/declared-auth.ts`.
   */
  auth?: string;
  /** Names for the `auth` credential's variables (CLI `--auth-env`): `NAME`, or `field=NAME` pairs. */
  authEnv?: readonly string[];
  /**
   * `compact` (default): each response schema without its texts when the whole tools/list fits
   * `tokenBudget` with them, else only those of at most 128 characters; `full`: the whole response
   * schema (up to 30 definitions); `none`: no outputSchema. See `src/map/compact-output.ts`.
   */
  outputSchema?: OutputSchemaMode;
  /**
   * Tokens the whole tools/list may cost (default 50,000, `--token-budget`): `compact` output
   * schemas are chosen by it (src/map/output-budget.ts), and a run over it warns.
   */
  tokenBudget?: number;
  /**
   * `compact` (default): no descriptions or examples below the top-level arguments, no URLs in
   * Markdown links; `full`: as the spec writes them. See `src/map/compact-input.ts`.
   */
  descriptions?: DescriptionsMode;
}
