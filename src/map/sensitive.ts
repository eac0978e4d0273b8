/**
 * Which parameters must never be mirrored into an `x-mcp-header`: a header value is visible to
 * every proxy, gateway and log between client and server, unlike the JSON-RPC body. This is the
 * one place that decides it; when unsure it says "sensitive" (not mirroring costs little).
 *
 * A parameter is sensitive when its name or its `format` matches one of
 * {@link SENSITIVE_NAME_PATTERNS} or the caller's extra patterns, or its description names a secret
 * outright ({@link SENSITIVE_DESCRIPTION}). Names are compared by words, not substrings:
 * `X-Api-Key`, `apiKey`, `API_KEY` and `apikey` all hold the words "api key", while `author`
 * (not auth), `keyword` and `monkey` (not key), `sessionize` and `tokenizer` hold none.
 *
 * Decisions:
 * - `key` alone is sensitive (an API key under a bare name), and so is a key qualified as secret
 *   (`api_key`, `access_key`, `private_key`, `subscription_key` …), but not `sort_key`,
 *   `partition_key`, `key_id` or `idempotency_key`.
 * - Every token is sensitive, pagination tokens too (`page_token`, `$skiptoken`): they are opaque
 *   and may encode the query; token counts (`max_tokens`) are not.
 * - `sid` only as the whole name (a session id); Twilio-style `AccountSid` identifiers are not.
 * - Postal addresses and IP addresses are personal data (GDPR): `address`, `ip`, `ipv4`,
 *   `x-forwarded-for` are sensitive, and so are e-mail, phone, names of people, birth dates,
 *   national/tax ids, passports, driver licences, card and bank account numbers.
 * - User names and logins (`username`, `login`, GitHub's `{owner}`) are identifiers and are not;
 *   `userPrincipalName` (msgraph: usually the e-mail address) is.
 * - Ids of secrets stay sensitive (`token_id`, `api_key_id`): some are credentials themselves
 *   (Vault's `secret_id`), and the words cannot tell which.
 * - Words match in the singular, the plural and with a number: `emails`, `addresses`, `password2`.
 * - Key, pin, card, mail and sid count as name parts (`X-Rapidapi-Key`, `X-PIN`, `X-Card`, `X-Mail`,
 *   `connect.sid`), except where a qualifier says otherwise (`sort_key`, `AccountSid`).
 * - Connection strings in any form (`DSN`, `X-Database-Url`), webhook URLs (they carry their own
 *   secret), recovery and backup codes, security answers, device ids (IMEI, advertising ids).
 * - The special categories of personal data (GDPR art. 9) and other data people guard: health and
 *   medical records, diagnoses, patient ids, religion, ethnicity, gender and sex, sexual orientation,
 *   biometrics, salary, income, credit scores.
 * - A parameter that is `writeOnly`, or whose description starts by naming a secret or personal
 *   datum ("The API key of the caller"), is sensitive whatever its name (see header-annotations.ts).
 * - Not covered: geolocation (add it with extra patterns, `--sensitive`). A false positive is
 *   removed with `--not-sensitive <name>` (exact names, compared ignoring case; see `MapOptions`).
 */

import { wordFinder } from './sensitive-first-words.js';

export type SensitiveCategory = 'credential' | 'personal';

export interface SensitiveNamePattern {
  /** Lower-case singular words separated by spaces: `api key` matches `api_key`, `X-Api-Key`, `apiKey`, `APIKEYS`. */
  words: string;
  category: SensitiveCategory;
  /**
   * `part` (default): the words appear in the name in a row, or one word of the name is them
   * joined (`apikey`). `suffix`: also a word ending with them joined (`skiptoken`, `JSESSIONID`).
   * `whole`: the name is exactly these words.
   */
  match?: 'part' | 'suffix' | 'whole';
  /** Not sensitive when the name also holds one of these words (`max_tokens` is a count). */
  unless?: readonly string[];
}

const TOKEN_COUNTS = ['max', 'min', 'num', 'count', 'total', 'limit'];

/** Qualifiers that make `key` a lookup key, not a secret (`sort_key`, `partition_key`, `key_id`). */
const LOOKUP_KEYS = ['sort', 'partition', 'range', 'hash', 'primary', 'foreign', 'idempotency', 'dedup', 'deduplication', 'cache', 'object', 'row', 'lookup', 'group', 'public', 'name', 'id', 'type', 'field', 'map', 'search', 'issue', 'project', 'resource', 'entity', 'label', 'translation', 'i18n', 'message', 'item', 'event', 'routing', 'sharding', 'composite'];

/** Twilio-style resource ids end in `Sid` (`AccountSid`, `CallSid`): identifiers, not sessions. */
const RESOURCE_SIDS = ['account', 'call', 'message', 'service', 'workspace', 'conference', 'recording', 'queue', 'worker', 'task', 'flow', 'execution', 'application', 'app', 'sim', 'fleet', 'trunk', 'domain', 'participant', 'conversation', 'channel', 'room', 'composition', 'verification', 'entity', 'factor', 'challenge', 'sync', 'document', 'list', 'notification', 'address', 'phone', 'number', 'asset', 'environment', 'build', 'deployment', 'function', 'version', 'webhook', 'bundle', 'brand', 'campaign', 'media', 'transcription', 'event', 'step', 'reservation', 'user', 'role', 'member', 'customer', 'profile', 'identity', 'instance', 'job'];

/** `pin`, `card` and `mail` as name parts are the value itself, unless the name says it is about one (`pin_id`, `mailFolder`, `card_label_id`). */
const ABOUT_ONE = ['id', 'folder', 'label', 'type', 'brand', 'template', 'board', 'list', 'count', 'settings', 'rule', 'server', 'design'];

/** `pass` as in `boarding_pass` or `pass_through`. */
const NOT_PASSWORDS = ['boarding', 'through', 'thru', 'by', 'day', 'season', 'gate', 'high', 'low', 'band', 'first', 'second', 'single', 'multi', 'two', 'one', 'fail'];

function credential(words: string, match?: SensitiveNamePattern['match'], unless?: readonly string[]): SensitiveNamePattern {
  return { words, category: 'credential', ...(match === undefined ? {} : { match }), ...(unless === undefined ? {} : { unless }) };
}

function personal(words: string, match?: SensitiveNamePattern['match']): SensitiveNamePattern {
  return { words, category: 'personal', ...(match === undefined ? {} : { match }) };
}

/** The built-in list. Each entry is documented by its words; see the module comment for the decisions. */
export const SENSITIVE_NAME_PATTERNS: readonly SensitiveNamePattern[] = [
  // Passwords and secrets
  ...['password', 'passwd', 'passphrase', 'passcode', 'secret', 'credential'].map((w) => credential(w, 'suffix')),
  ...['pwd', 'creds', 'connection string'].map((w) => credential(w)),
  // Tokens and keys
  credential('token', 'suffix', TOKEN_COUNTS),
  ...['bearer', 'jwt', 'assertion', 'verifier', 'hmac', 'sig', 'signature'].map((w) => credential(w)),
  credential('api key', 'suffix'),
  ...[
    'access', 'secret', 'private', 'signing', 'encryption', 'master', 'subscription', 'license', 'licence', 'client', 'app',
    'application', 'consumer', 'account', 'storage', 'function', 'functions', 'host', 'shared', 'unlock', 'recovery',
  ].map((q) => credential(`${q} key`)),
  credential('key', 'whole'),
  credential('key', 'part', LOOKUP_KEYS),
  ...['rapidapi', 'authenticate', 'authorisation', 'authentification', 'www authenticate', 'cred', 'pw', 'dsn'].map((w) => credential(w)),
  credential('pass', 'part', NOT_PASSWORDS),
  ...['recovery code', 'backup code', 'security answer', 'security question', 'secret answer', 'secret question', 'memorable word', 'mothers maiden name'].map((w) => credential(w)),
  ...['database url', 'database uri', 'db url', 'db uri', 'connection url', 'connection uri', 'conn str', 'connection str', 'webhook url', 'webhook uri', 'hook url'].map((w) => credential(w)),
  // Authentication and sessions
  ...['auth', 'oauth', 'authorization', 'authentication', 'authn', 'authz', 'session', 'csrf', 'xsrf', 'cookie'].map((w) => credential(w)),
  credential('session id', 'suffix'),
  credential('sessid', 'suffix'),
  credential('sid', 'whole'),
  credential('sid', 'part', RESOURCE_SIDS),
  // One-time codes
  ...['otp', 'totp', 'hotp', 'mfa', '2fa', 'two factor', 'verification code', 'security code', 'pin code', 'pincode', 'pin number'].map((w) => credential(w)),
  credential('pin', 'whole'),
  { words: 'pin', category: 'credential', unless: ABOUT_ONE },
  // Contact details
  personal('email', 'suffix'),
  personal('e mail'),
  personal('mail', 'whole'),
  { words: 'mail', category: 'personal', unless: ABOUT_ONE },
  personal('mail address'),
  personal('phone', 'suffix'),
  ...['telephone', 'msisdn', 'fax', 'mobile number', 'mobile phone', 'cell phone', 'cell number'].map((w) => personal(w)),
  personal('mobile', 'whole'),
  personal('tel', 'whole'),
  personal('address'),
  ...['ip', 'ipv4', 'ipv6', 'ipaddress', 'remote addr', 'forwarded for'].map((w) => personal(w)),
  // People
  ...['first name', 'last name', 'full name', 'given name', 'family name', 'middle name', 'maiden name', 'surname', 'user principal name', 'cardholder'].map((w) => personal(w)),
  ...['birth', 'birthdate', 'birthday', 'dob'].map((w) => personal(w)),
  // Government ids
  ...['ssn', 'social security', 'national id', 'national identification', 'national insurance', 'tax id', 'taxid', 'tin', 'tax number', 'passport'].map((w) => personal(w)),
  ...['driver license', 'drivers license', 'driving license', 'driver licence', 'drivers licence', 'driving licence', 'license number', 'licence number'].map((w) => personal(w)),
  // Payment
  personal('card', 'whole'),
  { words: 'card', category: 'personal', unless: ABOUT_ONE },
  // Devices
  ...['device id', 'imei', 'imsi', 'udid', 'idfa', 'idfv', 'advertising id', 'android id', 'mac address', 'serial number'].map((w) => personal(w)),
  // Special categories of personal data, and money people guard
  ...[
    'health', 'medical', 'diagnosis', 'diagnoses', 'patient', 'patient id', 'medication', 'prescription', 'disability', 'allergy', 'allergies',
    'religion', 'religious', 'faith', 'ethnicity', 'ethnic', 'racial', 'gender', 'sex', 'sexual orientation', 'biometric', 'fingerprint',
    'political', 'trade union', 'salary', 'income', 'wage', 'credit score', 'credit rating',
  ].map((w) => personal(w)),
  ...['card number', 'credit card', 'debit card', 'pan', 'cvv', 'cvc', 'cvn', 'card code', 'card verification', 'iban', 'account number', 'bank account', 'routing number', 'sort code'].map((w) => personal(w)),
];

/**
 * A description that starts by naming a secret ("The API key for …", "Password of the user")
 * marks the parameter sensitive whatever its name. Narrow on purpose: prose such as "requires an
 * access token with repo scope" on `per_page` must not.
 */
export const SENSITIVE_DESCRIPTION = /^(?:the\s+|a\s+|an\s+|your\s+|user'?s?\s+|caller'?s?\s+)?(?:password|passphrase|pin\b|api[ _-]?key|secret(?:\s+key)?|client\s+secret|private\s+key|(?:access|refresh|bearer|session|id|auth(?:entication)?|authori[sz]ation)\s+token|credentials?\b|credit\s+card\s+number|card\s+number|social\s+security\s+number|e-?mail\s+address|phone\s+number|date\s+of\s+birth)\b|\b(?:replaces?|instead\s+of|in\s+place\s+of)\s+the\s+(?:access\s+token|api\s+key|password|credentials?)\b/i;

/**
 * Splits a parameter name into lower-case words: at every character that is not a letter or
 * digit, at camelCase boundaries and at the end of an acronym (`XApiKey` → x, api, key;
 * `userEMail` → user, e, mail). Digits stay in their word (`password2`, `ipv4`); matching also
 * tries each word without its trailing digits.
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** `word` is `target`, its plural (`emails`, `addresses`) or it with a number (`password2`, `cvv2`). */
function wordIs(word: string, target: string): boolean {
  if (word === target) return true;
  if (!word.startsWith(target)) return false;
  const rest = word.slice(target.length);
  return rest === 's' || rest === 'es' || /^[0-9]+$/.test(rest);
}

function endsWithWord(word: string, target: string): boolean {
  const stem = word.replace(/[0-9]+$/, '');
  return stem.endsWith(target) || stem.endsWith(`${target}s`) || stem.endsWith(`${target}es`);
}

function matchesWords(words: readonly string[], pattern: readonly string[], match: SensitiveNamePattern['match'], joined = pattern.join('')): boolean {
  if (match === 'whole') return (words.length === pattern.length && pattern.every((p, i) => wordIs(words[i] as string, p))) || (words.length === 1 && wordIs(words[0] as string, joined));
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (pattern.length > 1 && wordIs(word, joined)) return true;
    if (match === 'suffix' && endsWithWord(word, joined)) return true;
    if (i + pattern.length <= words.length && pattern.every((p, k) => wordIs(words[i + k] as string, p))) return true;
  }
  return false;
}

/** Each pattern's words, split once, and joined (`api key` → `apikey`). */
const PATTERN_WORDS: readonly { words: readonly string[]; joined: string }[] = SENSITIVE_NAME_PATTERNS.map((p) => {
  const words = p.words.split(' ');
  return { words, joined: words.join('') };
});

/**
 * Every way a pattern matches puts its first word inside one word of the name (as the word's
 * start, or inside a word that ends with the pattern joined), so only the patterns whose first
 * word occurs in the name's text are tried.
 */
const FIRST_WORDS = wordFinder(PATTERN_WORDS.map((p) => p.words[0]!));

/** Whether the name's words match the pattern, whose first word occurs in their text. */
function matchesPattern(words: readonly string[], pattern: SensitiveNamePattern, split: { words: readonly string[]; joined: string }): boolean {
  if (pattern.unless?.some((u) => words.includes(u)) === true) return false;
  return matchesWords(words, split.words, pattern.match, split.joined);
}

/** Names and formats repeat across operations and descriptions (Microsoft Graph: ~11 k tools); cleared past this many. */
const FIRST_MATCH_CACHE_MAX = 100_000;
const firstMatchCache = new Map<string, number>();

/** The position in {@link SENSITIVE_NAME_PATTERNS} of the first pattern the words of `text` match, or -1; memoized by text. */
function firstBuiltInMatch(text: string): number {
  let hit = firstMatchCache.get(text);
  if (hit === undefined) {
    hit = -1;
    const words = nameWords(text);
    if (words.length > 0) {
      for (const index of FIRST_WORDS.occurring(words.join(' '))) {
        if (matchesPattern(words, SENSITIVE_NAME_PATTERNS[index]!, PATTERN_WORDS[index]!)) {
          hit = index;
          break;
        }
      }
    }
    if (firstMatchCache.size >= FIRST_MATCH_CACHE_MAX) firstMatchCache.clear();
    firstMatchCache.set(text, hit);
  }
  return hit;
}

export interface SensitiveParameter {
  name: string;
  format?: string;
  description?: string;
  /** A `writeOnly` schema: sent, never returned — a secret's shape. */
  writeOnly?: boolean;
}

/** Names the user declared not sensitive (`--not-sensitive`): exact, ignoring case; they override the built-in list only. */
export function isDeclaredNotSensitive(name: string, notSensitive: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return notSensitive.some((n) => n.toLowerCase() === lower);
}

/**
 * What makes the parameter sensitive (`name: api key`, `format: email`, `description`,
 * `extra: …`), or `undefined`. Extra patterns: a string matches like a `part` pattern, its words
 * split like a name (`tenantId`, `tenant_id` and `tenant id` are the same); a RegExp is tested
 * against the whole name.
 */
export function sensitiveReason(parameter: SensitiveParameter, extraPatterns: readonly (string | RegExp)[] = [], notSensitive: readonly string[] = []): string | undefined {
  const builtIn = !isDeclaredNotSensitive(parameter.name, notSensitive);
  if (builtIn) {
    // The first pattern that the name or the format matches; the name wins on the same pattern.
    const byName = firstBuiltInMatch(parameter.name);
    const byFormat = parameter.format === undefined ? -1 : firstBuiltInMatch(parameter.format);
    if (byName !== -1 && (byFormat === -1 || byName <= byFormat)) return `name: ${SENSITIVE_NAME_PATTERNS[byName]!.words}`;
    if (byFormat !== -1) return `format: ${SENSITIVE_NAME_PATTERNS[byFormat]!.words}`;
  }
  let words: string[] | undefined;
  for (const extra of extraPatterns) {
    if (typeof extra === 'string') {
      const extraWords = nameWords(extra);
      if (extraWords.length > 0 && matchesWords((words ??= nameWords(parameter.name)), extraWords, 'part')) return `extra: ${extra}`;
    } else {
      // Without g/y a RegExp keeps no lastIndex between calls.
      const regex = extra.global || extra.sticky ? new RegExp(extra.source, extra.flags.replace(/[gy]/g, '')) : extra;
      if (regex.test(parameter.name)) return `extra: ${String(extra)}`;
    }
  }
  if (!builtIn) return undefined;
  if (parameter.writeOnly === true) return 'writeOnly';
  if (parameter.description !== undefined && SENSITIVE_DESCRIPTION.test(parameter.description.trim())) return 'description';
  return undefined;
}

/** Whether the parameter must never be mirrored into an `x-mcp-header` (see the module comment). */
export function isSensitiveParameter(parameter: SensitiveParameter, extraPatterns: readonly (string | RegExp)[] = [], notSensitive: readonly string[] = []): boolean {
  return sensitiveReason(parameter, extraPatterns, notSensitive) !== undefined;
}
