import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { UserError } from '../diagnostics.js';
import { prefetchFile } from '../load/prefetch.js';
import type { GenerateFlags } from './generate-command.js';
import { printDiagnostics } from './print-diagnostics.js';
import { printable } from './printable.js';
import type { ToolsFlags } from './tools-command.js';

/** `tools` and `generate` select operations alike (src/map/selection.ts); the spec's x-mcp extensions decide first. */
const SELECTION_HELP = {
  include: 'keep only operations matching one of these: "METHOD /path" (glob: * within a segment, ** across; method * for any), "/path", or an operationId',
  exclude: 'leave out operations matching one of these patterns (wins over --include)',
  includeTags: 'keep only operations with one of these tags',
  excludeTags: 'leave out operations with one of these tags',
} as const;

const NOT_SENSITIVE_HELP = 'parameter names the built-in sensitive list wrongly claims (exact, ignoring case): they may become Mcp-Param headers';
const ALLOW_REF_HELP = "let $refs read files in this directory outside the spec's own (or, for a spec from a URL, fetch this private origin)";
/** How much tools/list carries (src/map/compact-output.ts, src/map/compact-tool.ts) and what it may cost. */
const COST_HELP = {
  outputSchema: 'outputSchema per tool: compact (default: every response schema without texts when tools/list still fits --token-budget with them, else only small ones; JSON answers stay structured), full (the whole response schema) or none (text results)',
  descriptions: 'compact (default: no descriptions/examples below top-level arguments, no link URLs, no repeated title) or full',
  tokenBudget: 'tokens the whole tools/list may cost before a warning; compact output schemas are chosen by it (default 50000)',
} as const;

/** Builds the commander program. Flags are kebab-case here and camelCase everywhere else. */
export function buildProgram(): Command {
  const program = new Command('openapi-mcp')
    .description('Turn OpenAPI documents into Model Context Protocol (MCP) tools, servers and clients.')
    .version(`openapi-mcp ${ownVersion()}`, '-v, --version', 'print the version')
    // One line after the error, not the whole help (60 lines for generate, which buried the error).
    .showHelpAfterError('(add --help for the options)')
    .exitOverride();
  program
    .command('tools')
    .description('Map a spec to MCP tools and print them (a table, or the exact tools/list objects with --json)')
    .argument('<spec>', 'OpenAPI 2.0/3.0/3.1 document: a file path or an http(s) URL, JSON or YAML')
    .option('--json', 'print { tools, sources } as JSON on stdout')
    .option('--strict', 'treat warnings as errors')
    .option('--validate', 'also validate the document against the OpenAPI schema (slow on big specs)')
    .addOption(new Option('--name-style <style>', 'tool name rule: portable ^[A-Za-z0-9_-]{1,64}$ or spec ^[A-Za-z0-9_.-]{1,128}$').choices(['portable', 'spec']).default('portable'))
    .addOption(new Option('--schema-profile <profile>', 'standard (default): JSON Schema as mapped; portable: anyOf instead of type arrays, for single-type dialects (Gemini)').choices(['standard', 'portable']))
    .option('--sensitive <pattern...>', 'extra parameter names never mirrored into Mcp-Param headers')
    .option('--not-sensitive <name...>', NOT_SENSITIVE_HELP)
    .option('--allow-ref <dir...>', ALLOW_REF_HELP)
    .option('--description-max <n>', 'maximum tool description length', (v) => parsePositive(v, '--description-max'))
    .option('--include <pattern...>', SELECTION_HELP.include)
    .option('--exclude <pattern...>', SELECTION_HELP.exclude)
    .option('--include-tags <tag...>', SELECTION_HELP.includeTags)
    .option('--exclude-tags <tag...>', SELECTION_HELP.excludeTags)
    .addOption(new Option('--output-schema <mode>', COST_HELP.outputSchema).choices(['full', 'compact', 'none']))
    .addOption(new Option('--descriptions <mode>', COST_HELP.descriptions).choices(['full', 'compact']))
    .option('--token-budget <n>', COST_HELP.tokenBudget, (v) => parsePositive(v, '--token-budget'))
    // Commands load their modules on use: `tools` never pays for the emitters and handlebars.
    .action(async (spec: string, flags: ToolsFlags) => (await import('./tools-command.js')).toolsCommand(spec, flags));
  program
    .command('generate')
    .description('Generate an MCP server package (SDK v2, MCP 2026-07-28, stdio and Streamable HTTP) that calls the API')
    .argument('[spec]', 'OpenAPI 2.0/3.0/3.1 document: a file path or an http(s) URL, JSON or YAML (default: every API of the config file)')
    .option('--out <dir>', 'output directory of the package (required unless the config file lists the spec)')
    .option('--config <file>', 'config file (default: openapi-mcp.config.{ts,mts,js,mjs,json} in the working directory, the first found)')
    .option('--name <package-name>', 'npm package name (default: a short name from the server host or the title, e.g. github-mcp)')
    .option('--check', 'write nothing; exit 1 listing the files that would change')
    .option('--strict', 'treat warnings as errors')
    .option('--validate', 'also validate the document against the OpenAPI schema (slow on big specs)')
    // No commander default here: an absent flag must not override the config file (the map stage defaults to portable).
    .addOption(new Option('--name-style <style>', 'tool name rule: portable (default) or spec').choices(['portable', 'spec']))
    .addOption(new Option('--schema-profile <profile>', 'standard (default) or portable: anyOf instead of type arrays').choices(['standard', 'portable']))
    .option('--sensitive <pattern...>', 'extra parameter names never mirrored into Mcp-Param headers')
    .option('--not-sensitive <name...>', NOT_SENSITIVE_HELP)
    .option('--allow-ref <dir...>', ALLOW_REF_HELP)
    .option('--include <pattern...>', SELECTION_HELP.include)
    .option('--exclude <pattern...>', SELECTION_HELP.exclude)
    .option('--include-tags <tag...>', SELECTION_HELP.includeTags)
    .option('--exclude-tags <tag...>', SELECTION_HELP.excludeTags)
    .addOption(new Option('--output-schema <mode>', COST_HELP.outputSchema).choices(['full', 'compact', 'none']))
    .addOption(new Option('--descriptions <mode>', COST_HELP.descriptions).choices(['full', 'compact']))
    .option('--token-budget <n>', COST_HELP.tokenBudget, (v) => parsePositive(v, '--token-budget'))
    .option('--client-only', 'write a package with only the typed MCP client (for a server someone else runs)')
    .addOption(new Option('--confirm <policy>', "the server's default for asking the user before a call runs: destructive (default), writes or none").choices(['destructive', 'writes', 'none']))
    .option('--auth <kind>', 'upstream credential for operations without security of their own: bearer, basic, apikey-header:NAME, apikey-query:NAME, apikey-cookie:NAME, oauth2-client-credentials:TOKEN_URL')
    .option('--auth-env <name...>', 'environment variable names of the --auth credential: NAME (e.g. GITHUB_TOKEN), or field=NAME (username=, password=, client-id=, client-secret=, token=)')
    .addOption(new Option('--tools-mode <mode>', 'mode the server starts in: auto (default: static if tools/list fits the token budget, else dynamic unless the tools selected at start fit it), static or dynamic').choices(['auto', 'static', 'dynamic']))
    .option('--verbose', 'print per-stage timings and, after a first generation, how to build the package (both shown anyway on a terminal)')
    .option('--watch', 'regenerate whenever a file the spec reaches (or the config file) changes; Ctrl-C stops')
    .option('--force', 'regenerate even when the spec files and options are unchanged (a rerun is otherwise skipped); write into a directory openapi-mcp did not generate, over its files')
    .option('--report <file>', 'write the tools added, removed and changed (and which break callers) as JSON')
    .action(async (spec: string | undefined, flags: GenerateFlags) => {
      // The spec is read in the background while the pipeline's modules load (see load/prefetch.ts).
      const prefetched = spec !== undefined && flags.watch !== true ? prefetchFile(spec, process.cwd()) : undefined;
      return (await import('./generate-command.js')).generateCommand(spec, flags, prefetched);
    });
  return program;
}

/** openapi-mcp's version, from its package.json (two levels up from both src/cli/ and dist/cli/). */
function ownVersion(): string {
  const data = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof data.version === 'string' ? data.version : 'unknown';
}

function parsePositive(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UserError(`${flag} needs a positive whole number, got "${value}"`);
  return n;
}

/** Runs the CLI; returns the exit code. User errors print one line, bugs print a stack. */
export async function runCli(argv: readonly string[]): Promise<number> {
  try {
    await buildProgram().parseAsync([...argv]);
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof UserError) {
      printDiagnostics(error.diagnostics, undefined);
      process.stderr.write(`openapi-mcp: ${printable(error.message)}\n`);
      return 1;
    }
    throw error;
  }
}
