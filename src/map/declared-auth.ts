/**
 * `generate --auth <kind>` (config key `auth`): the upstream credential, declared on the command
 * line for a spec that declares none (GitHub's REST spec has no `securitySchemes`) or the wrong one.
 *
 * The declared scheme applies to every operation without a `security` of its own (those that
 * inherit the root's, or have none at all); operations with their own `security` keep it, so an
 * operation marked public (`security: []`) stays public. Kinds:
 *
 * | kind | sends | variables (default names; `--auth-env` field) |
 * | --- | --- | --- |
 * | `bearer` | `Authorization: Bearer <token>` | `<PREFIX>TOKEN` (`token`) |
 * | `basic` | `Authorization: Basic …` | `<PREFIX>USERNAME`, `<PREFIX>PASSWORD` (`username`, `password`) |
 * | `apikey-header:NAME` | header NAME | `<PREFIX>API_KEY` (`key`) |
 * | `apikey-query:NAME` | query parameter NAME | `<PREFIX>API_KEY` (`key`) |
 * | `apikey-cookie:NAME` | cookie NAME | `<PREFIX>API_KEY` (`key`) |
 * | `oauth2-client-credentials:TOKEN_URL` | a token from TOKEN_URL (RFC 6749 §4.4) | `<PREFIX>CLIENT_ID`, `<PREFIX>CLIENT_SECRET`, `<PREFIX>TOKEN` (`client-id`, `client-secret`, `token`) |
 *
 * `--auth-env` (config key `authEnv`) names the variables instead: `GITHUB_TOKEN` alone for a kind
 * with one variable, else `field=NAME` pairs (`username=JIRA_USER password=JIRA_API_TOKEN`).
 */
import { UserError } from '../diagnostics.js';
import type { ApiModel, CredentialField, SecurityScheme } from '../model/api-model.js';
import { setOwn } from '../normalize/set-own.js';

export interface DeclaredAuthOptions {
  auth?: string | undefined;
  authEnv?: readonly string[] | undefined;
}

/** The scheme key the declared credential gets (another one if the spec uses it). */
export const DECLARED_SCHEME_KEY = 'auth';

const KINDS = ['bearer', 'basic', 'apikey-header:NAME', 'apikey-query:NAME', 'apikey-cookie:NAME', 'oauth2-client-credentials:TOKEN_URL'];

/** Each kind's variables: the `--auth-env` field name and the model's field. */
const FIELDS: Record<string, ReadonlyArray<readonly [string, CredentialField]>> = {
  http: [['token', 'token']],
  'http-basic': [['username', 'username'], ['password', 'password']],
  apiKey: [['key', 'key']],
  oauth2: [['client-id', 'clientId'], ['client-secret', 'clientSecret'], ['token', 'token']],
};

/** RFC 9110 token (a header or cookie name). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The scheme `--auth` declares, or undefined without `--auth`. Throws a one-line UserError for a bad value. */
export function parseDeclaredAuth(options: DeclaredAuthOptions): SecurityScheme | undefined {
  const { auth, authEnv = [] } = options;
  if (auth === undefined) {
    if (authEnv.length > 0) throw new UserError('--auth-env names the variables of the --auth credential; give --auth <kind> too');
    return undefined;
  }
  const scheme = schemeOf(auth);
  const fields = FIELDS[scheme.type === 'http' ? (scheme.scheme === 'basic' ? 'http-basic' : 'http') : scheme.type]!;
  const env: Partial<Record<CredentialField, string>> = {};
  for (const entry of authEnv) {
    const eq = entry.indexOf('=');
    const field = eq === -1 ? undefined : entry.slice(0, eq);
    const name = eq === -1 ? entry : entry.slice(eq + 1);
    const bad = (why: string): UserError => new UserError(`--auth-env "${entry}": ${why}`);
    if (!ENV_NAME.test(name)) throw bad('not an environment variable name (letters, digits and _, not starting with a digit)');
    let target: CredentialField;
    if (field === undefined) {
      if (fields.length !== 1) throw bad(`--auth ${kindName(auth)} reads ${fields.length} variables; name them as ${fields.map(([f]) => `${f}=NAME`).join(' ')}`);
      target = fields[0]![1];
    } else {
      const found = fields.find(([f]) => f === field);
      if (found === undefined) throw bad(`--auth ${kindName(auth)} has no variable "${field}" (it has ${fields.map(([f]) => f).join(', ')})`);
      target = found[1];
    }
    if (env[target] !== undefined) throw bad(`the ${fields.find(([, t]) => t === target)![0]} variable is named twice`);
    if (Object.values(env).includes(name)) throw bad(`${name} is already used for another variable`);
    env[target] = name;
  }
  return { ...scheme, declared: { option: auth, env } };
}

function kindName(auth: string): string {
  const colon = auth.indexOf(':');
  return colon === -1 ? auth : auth.slice(0, colon);
}

function schemeOf(auth: string): SecurityScheme {
  const source = { file: '', pointer: '' };
  const colon = auth.indexOf(':');
  const kind = colon === -1 ? auth : auth.slice(0, colon);
  const argument = colon === -1 ? undefined : auth.slice(colon + 1);
  const bad = (why: string): UserError => new UserError(`--auth "${auth}": ${why}`);
  switch (kind) {
    case 'bearer':
    case 'basic':
      if (argument !== undefined) throw bad(`${kind} takes no ":..." part`);
      return { type: 'http', scheme: kind, source };
    case 'apikey-header':
    case 'apikey-query':
    case 'apikey-cookie': {
      const where = kind.slice('apikey-'.length) as 'header' | 'query' | 'cookie';
      if (argument === undefined || argument === '') throw bad(`name the ${where === 'query' ? 'query parameter' : where}: ${kind}:NAME, e.g. ${kind}:${where === 'header' ? 'X-API-Key' : 'api_key'}`);
      if (where !== 'query' && !TOKEN.test(argument)) throw bad(`"${argument}" is not a valid ${where} name (letters, digits and !#$%&'*+-.^_\`|~)`);
      if (where === 'query' && /[\u0000-\u001f\u007f]/.test(argument)) throw bad('the query parameter name holds a control character');
      return { type: 'apiKey', in: where, name: argument, source };
    }
    case 'oauth2-client-credentials': {
      if (argument === undefined || argument === '') throw bad('give the token endpoint: oauth2-client-credentials:https://auth.example.com/oauth/token');
      let url: URL | undefined;
      try {
        url = new URL(argument);
      } catch {
        url = undefined;
      }
      if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw bad('the token endpoint must be an absolute http(s) URL');
      if (url.username !== '' || url.password !== '') throw bad('the token endpoint URL must not hold credentials; the client id and secret come from the environment');
      return { type: 'oauth2', flows: { clientCredentials: { tokenUrl: argument, scopes: {} } }, source };
    }
    default:
      throw bad(`unknown kind "${kind}"; use one of ${KINDS.join(', ')}`);
  }
}

/**
 * The model with the declared scheme added (under {@link DECLARED_SCHEME_KEY}, or `auth_2`… when
 * the spec has one of that name) and required by every operation without a `security` of its own.
 */
export function declareAuth(model: ApiModel, scheme: SecurityScheme | undefined): ApiModel {
  if (scheme === undefined) return model;
  let key = DECLARED_SCHEME_KEY;
  for (let i = 2; Object.hasOwn(model.securitySchemes, key); i++) key = `${DECLARED_SCHEME_KEY}_${i}`;
  const securitySchemes: Record<string, SecurityScheme> = { ...model.securitySchemes };
  const root = model.operations[0]?.source.file ?? '';
  setOwn(securitySchemes, key, { ...scheme, source: { file: root, pointer: '' } });
  const requirement: Record<string, string[]> = {};
  setOwn(requirement, key, []);
  const operations = model.operations.map((op) => (op.ownSecurity === true ? op : { ...op, security: [{ ...requirement }] }));
  return { ...model, securitySchemes, operations };
}
