import type { Server } from '../model/api-model.js';

/** A default package name (with `-mcp`) is at most this long; the environment prefix follows it. */
export const DEFAULT_NAME_MAX = 24;
const SUFFIX = '-mcp';

/** Words a person leaves out of a short name: `The Jira Cloud platform REST API` → jira-cloud. */
const FILLER = new Set([
  'a', 'an', 'and', 'api', 'apis', 'by', 'core', 'definition', 'definitions', 'extension', 'extensions', 'for', 'in',
  'namespace', 'of', 'official', 'on', 'openapi', 'or', 'platform', 'rest', 'restful', 'service', 'services', 's', 'spec',
  'specification', 'support', 'the', 'to', 'with',
]);
/** Host labels that name no API: `api.github.com` → github. */
const GENERIC_LABELS = new Set(['api', 'apis', 'app', 'apps', 'www', 'rest', 'public', 'gateway', 'developer', 'developers', 'v1', 'v2', 'v3']);
/** Hosts of examples and test services, never an API's name. */
const GENERIC_HOSTS = new Set(['example', 'localhost', 'httpbin', 'test', 'invalid', 'local']);
/** Second-level labels under a country code: `api.freee.co.jp` → freee. */
const SECOND_LEVEL = new Set(['ac', 'co', 'com', 'edu', 'gov', 'ne', 'net', 'or', 'org']);

/**
 * The short name a person would choose for an API's package: from the first server's host when
 * the title names it too (`api.github.com` + `GitHub's official OpenAPI spec…` → `github-mcp`,
 * `graph.microsoft.com` → `microsoft-graph-mcp`), else the title's first meaningful words
 * (`The Jira Cloud platform REST API` → `jira-cloud-mcp`), else the host alone; at most
 * {@link DEFAULT_NAME_MAX} characters, whole words.
 */
export function defaultPackageName(title: string, servers: readonly Server[] = []): string {
  const titleWords = words(title);
  const folded = titleWords.join('');
  const host = hostWords(servers[0]);
  const fromHost = host.filter((w, i) => i === 0 || folded.includes(w));
  let chosen = host.length > 0 && folded.includes(host[0]!) ? fromHost : titleWords.filter((w) => !FILLER.has(w));
  if (chosen.length === 0) chosen = host;
  if (chosen.length === 0) chosen = titleWords;
  const base = fit(chosen, DEFAULT_NAME_MAX - SUFFIX.length) || 'api';
  return base.endsWith('mcp') ? base : `${base}${SUFFIX}`;
}

/** Lower-case ASCII words: accents folded, other scripts dropped, `GitHub's` → github, s. */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** Whole words joined by `-` up to `max` characters; a first word longer than that is cut. */
function fit(chosen: readonly string[], max: number): string {
  let out = '';
  for (const w of chosen) {
    const next = out === '' ? w : `${out}-${w}`;
    if (next.length > max) break;
    out = next;
  }
  return out === '' && chosen.length > 0 ? chosen[0]!.slice(0, max) : out;
}

/**
 * The host's brand (the label before the public suffix), then a meaningful label before it:
 * `graph.microsoft.com` → [microsoft, graph]; `api.github.com` → [github]. None for IP
 * addresses, templated hosts, example and test hosts.
 */
function hostWords(server: Server | undefined): string[] {
  if (server === undefined || !/^([a-z][a-z0-9+.-]*:)?\/\//i.test(server.url)) return [];
  let url = server.url;
  for (const [name, variable] of Object.entries(server.variables)) url = url.split(`{${name}}`).join(variable.default);
  let host: string;
  try {
    host = new URL(url, 'https://base.invalid').hostname.toLowerCase();
  } catch {
    return [];
  }
  if (/^[\d.]+$/.test(host) || host.startsWith('[') || host.includes('{')) return [];
  const labels = host.split('.');
  let brand = labels.length - 2;
  if (labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!)) brand--;
  if (brand < 0) brand = 0;
  const name = labels[brand]!;
  if (GENERIC_HOSTS.has(name) || name.includes('your')) return [];
  const sub = labels.slice(0, brand).find((l) => !GENERIC_LABELS.has(l) && !l.includes('your'));
  return [name, ...(sub !== undefined ? [sub] : [])].map((w) => words(w).join('')).filter((w) => w !== '');
}
