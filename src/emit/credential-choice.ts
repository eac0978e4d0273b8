import type { CredentialSource } from '../model/runtime-config.js';
import type { ToolModel } from '../model/tool-model.js';

/**
 * The README's line, under the environment table, on which credential variables to set when the
 * spec offers alternatives (Stripe: basic or bearer on every operation). The table lists every
 * variable; without this a newcomer sets them all or guesses. A call sends the first alternative
 * whose variables are set (templates/runtime/auth.gen.ts), so one is enough. Empty when no tool
 * has alternatives.
 */
export function credentialChoice(model: ToolModel, credentials: Record<string, CredentialSource>): string {
  const choices = new Map<string, number>();
  for (const tool of model.tools) {
    if (tool.binding.kind !== 'http') continue;
    const options = [...new Set(tool.binding.security.map((requirement) => alternative(Object.keys(requirement), credentials)))];
    const usable = options.filter((option): option is string => option !== undefined);
    if (usable.length < 2) continue;
    const text = usable.join(', or ');
    choices.set(text, (choices.get(text) ?? 0) + 1);
  }
  const rule = 'a call sends the first alternative whose variables are set, so one is enough';
  if (choices.size === 0) return '';
  if (choices.size === 1) return `Credentials: set ${[...choices.keys()][0]} (${rule}).\n\n`;
  const lines = [...choices].sort((a, b) => b[1] - a[1]).map(([text, n]) => `- ${text} (${n} tool${n === 1 ? '' : 's'})`);
  return [`Credentials: some tools take one of several (${rule}):`, '', ...lines, '', ''].join('\n');
}

/** One alternative's variables in words; `undefined` when the server cannot supply it (or it is anonymous). */
function alternative(schemes: string[], credentials: Record<string, CredentialSource>): string | undefined {
  if (schemes.length === 0) return undefined;
  const parts: string[] = [];
  for (const name of schemes) {
    const source = Object.hasOwn(credentials, name) ? credentials[name] : undefined;
    if (source === undefined || source.type === 'unsupported') return undefined;
    parts.push(variablesOf(source));
  }
  return parts.join(' and ');
}

function variablesOf(source: Exclude<CredentialSource, { type: 'unsupported' }>): string {
  switch (source.type) {
    case 'apiKey':
      return `\`${source.env.value}\``;
    case 'http-bearer':
    case 'token':
      return `\`${source.env.token}\``;
    case 'http-basic':
      return `\`${source.env.username}\` with \`${source.env.password}\` (which may stay empty when the API takes a key as user name)`;
    case 'oauth2-client-credentials':
      return `\`${source.env.clientId}\` and \`${source.env.clientSecret}\` (or a ready token in \`${source.env.token}\`)`;
  }
}
