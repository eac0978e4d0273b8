import { UserError } from '../diagnostics.js';
import type { GenerateOptions } from '../generate.js';
import type { ApiOptions } from './define-config.js';

type OptionKind = 'string' | 'boolean' | 'string-list' | 'positive-integer' | { oneOf: readonly string[] };

interface OptionSpec {
  /** The command-line flag; commander hands it over under the config key (`--name-style` → `nameStyle`). */
  flag: string;
  kind: OptionKind;
  /** Where the value goes in `GenerateOptions`. */
  to: keyof GenerateOptions;
  /** Names one package, so it cannot be shared by every API of a config. */
  perApi?: true;
}

/**
 * THE place where the three spellings of an option meet: camelCase config key (the table key),
 * kebab-case flag, and the pipeline's `GenerateOptions` field. A new `generate` option is one row
 * here plus the field in `ApiOptions`; the compiler insists on both.
 */
export const API_OPTIONS = {
  name: { flag: '--name', kind: 'string', to: 'packageName', perApi: true },
  nameStyle: { flag: '--name-style', kind: { oneOf: ['portable', 'spec'] }, to: 'nameStyle' },
  schemaProfile: { flag: '--schema-profile', kind: { oneOf: ['standard', 'portable'] }, to: 'schemaProfile' },
  sensitive: { flag: '--sensitive', kind: 'string-list', to: 'sensitivePatterns' },
  notSensitive: { flag: '--not-sensitive', kind: 'string-list', to: 'notSensitive' },
  strict: { flag: '--strict', kind: 'boolean', to: 'strict' },
  validate: { flag: '--validate', kind: 'boolean', to: 'validate' },
  include: { flag: '--include', kind: 'string-list', to: 'include' },
  exclude: { flag: '--exclude', kind: 'string-list', to: 'exclude' },
  includeTags: { flag: '--include-tags', kind: 'string-list', to: 'includeTags' },
  excludeTags: { flag: '--exclude-tags', kind: 'string-list', to: 'excludeTags' },
  clientOnly: { flag: '--client-only', kind: 'boolean', to: 'clientOnly' },
  allowRef: { flag: '--allow-ref', kind: 'string-list', to: 'allowRefs' },
  confirm: { flag: '--confirm', kind: { oneOf: ['destructive', 'writes', 'none'] }, to: 'confirm' },
  auth: { flag: '--auth', kind: 'string', to: 'auth' },
  authEnv: { flag: '--auth-env', kind: 'string-list', to: 'authEnv' },
  outputSchema: { flag: '--output-schema', kind: { oneOf: ['full', 'compact', 'none'] }, to: 'outputSchema' },
  descriptions: { flag: '--descriptions', kind: { oneOf: ['full', 'compact'] }, to: 'descriptions' },
  tokenBudget: { flag: '--token-budget', kind: 'positive-integer', to: 'tokenBudget' },
  toolsMode: { flag: '--tools-mode', kind: { oneOf: ['auto', 'static', 'dynamic'] }, to: 'toolsMode' },
} as const satisfies { [K in keyof Required<ApiOptions>]: OptionSpec };

type OptionKey = keyof typeof API_OPTIONS;
const OPTION_KEYS = Object.keys(API_OPTIONS) as OptionKey[];

function isOptionKey(key: string): key is OptionKey {
  return Object.hasOwn(API_OPTIONS, key);
}

/** A value for the messages: JSON, cut short. */
function shown(value: unknown): string {
  const text = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function checkValue(kind: OptionKind, value: unknown, where: string): void {
  let wanted: string | undefined;
  if (kind === 'string') wanted = typeof value === 'string' && value !== '' ? undefined : 'a non-empty string';
  else if (kind === 'boolean') wanted = typeof value === 'boolean' ? undefined : 'true or false';
  else if (kind === 'positive-integer') wanted = Number.isInteger(value) && (value as number) > 0 ? undefined : 'a positive whole number';
  else if (kind === 'string-list') wanted = Array.isArray(value) && value.every((v) => typeof v === 'string' && v !== '') ? undefined : 'an array of non-empty strings';
  else wanted = kind.oneOf.includes(value as string) ? undefined : kind.oneOf.map((v) => JSON.stringify(v)).join(' or ');
  if (wanted !== undefined) throw new UserError(`${where} must be ${wanted}, got ${shown(value)}`);
}

/**
 * Checks the options of one object of a config file (`where` names it in messages, e.g.
 * `openapi-mcp.config.json: apis[1]`); keys in `structural` (`input`, `output`, `apis`) are the
 * caller's. Unknown keys and wrong types throw one-line `UserError`s.
 */
export function checkApiOptions(value: Record<string, unknown>, where: string, structural: readonly string[], shared: boolean): ApiOptions {
  const options: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (structural.includes(key)) continue;
    if (!isOptionKey(key)) {
      const known = [...structural, ...OPTION_KEYS.filter((k) => !(shared && 'perApi' in API_OPTIONS[k]))];
      throw new UserError(`${where}: unknown option "${key}" (known: ${known.join(', ')})`);
    }
    const spec: OptionSpec = API_OPTIONS[key];
    if (shared && spec.perApi) throw new UserError(`${where}: "${key}" names one package; set it in each entry of "apis"`);
    checkValue(spec.kind, v, `${where}.${key}`);
    options[key] = Array.isArray(v) ? [...(v as unknown[])] : v;
  }
  return options as ApiOptions;
}

/** The options among commander's parsed flags (their keys are the config keys already). */
export function optionsFromFlags(flags: Readonly<Record<string, unknown>>): ApiOptions {
  const options: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) if (flags[key] !== undefined) options[key] = flags[key];
  return options as ApiOptions;
}

/** Later layers win, key by key; an absent (undefined) value never erases an earlier one. */
export function mergeOptions(...layers: readonly ApiOptions[]): ApiOptions {
  const merged: Record<string, unknown> = {};
  for (const layer of layers) {
    for (const key of OPTION_KEYS) if (layer[key] !== undefined) merged[key] = layer[key];
  }
  return merged as ApiOptions;
}

/** Config-style options → the pipeline's `GenerateOptions` fields. */
export function toGenerateOptions(options: ApiOptions): Partial<GenerateOptions> {
  const out: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) {
    const value = options[key];
    if (value !== undefined) out[API_OPTIONS[key].to] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return out as Partial<GenerateOptions>;
}
