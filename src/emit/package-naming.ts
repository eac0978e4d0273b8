import { UserError } from '../diagnostics.js';

/** npm's rules for a (scoped or plain) package name, which also make it safe as a path segment. */
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

export { defaultPackageName } from './default-name.js';

export function checkPackageName(name: string): string {
  if (name.length > 214 || !NPM_NAME.test(name)) {
    throw new UserError(`"${name}" is not a valid npm package name (lower case letters, digits, - . _ ~, optionally @scope/)`);
  }
  return name;
}

/** The bin name: the package name without its scope. */
export function binName(packageName: string): string {
  return packageName.replace(/^@[^/]+\//, '');
}

/** `@acme/petstore-mcp` → `PETSTORE_`: the prefix of every environment variable the server reads. */
export function envPrefix(packageName: string): string {
  const base = binName(packageName).replace(/[-_.]?mcp$/i, '');
  const upper = toEnvWord(base);
  return upper === '' ? 'API_' : `${upper}_`;
}

/** `bearerAuth` → `BEARER_AUTH`, `api-key` → `API_KEY`. */
export function toEnvWord(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}
