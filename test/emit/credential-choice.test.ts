import { describe, expect, it } from 'vitest';
import { emitPackage } from '../../src/emit/emit-package.js';
import { mapSpec, type MapSpecOptions } from '../../src/map-spec.js';

/**
 * Stripe's operations take basic or bearer: its README listed three credential variables and never
 * said one alternative is enough. The line under the environment table now says which to set.
 */
const SPEC = 'test/fixtures/credentials/alternatives.3.0.yaml';
const BASIC_OR_BEARER = '`PAYMENTS_BASIC_AUTH_USERNAME` with `PAYMENTS_BASIC_AUTH_PASSWORD` (which may stay empty when the API takes a key as user name), or `PAYMENTS_BEARER_AUTH_TOKEN`';
const RULE = 'a call sends the first alternative whose variables are set, so one is enough';

async function readme(spec: string, options: MapSpecOptions = {}): Promise<string> {
  const { tools } = await mapSpec(spec, options);
  return emitPackage(tools).files.find((f) => f.path === 'README.md')!.contents;
}

describe('the README line on which credentials to set', () => {
  it('one set of alternatives: one sentence, right under the environment table', async () => {
    const text = await readme(SPEC, { include: ['GET /v1/account', 'GET /v1/balance', 'GET /v1/health'] });
    expect(text).toContain(`| \`PAYMENTS_TOOLS_MODE\` | static or dynamic (as --tools-mode) |\n\nCredentials: set ${BASIC_OR_BEARER} (${RULE}).\n\nAt start the server reads`);
    // The credentials head the table: what every user sets.
    expect(text).toContain('| variable | meaning |\n| --- | --- |\n| `PAYMENTS_BASIC_AUTH_USERNAME` |');
    expect(text).toContain('| `PAYMENTS_BEARER_AUTH_TOKEN` | Bearer token for security scheme "bearerAuth" |\n| `PAYMENTS_BASE_URL` |');
  });

  it('several: one line each, the most used first, with how many tools take it', async () => {
    expect(await readme(SPEC)).toContain(
      [`Credentials: some tools take one of several (${RULE}):`, '', `- ${BASIC_OR_BEARER} (2 tools)`, '- `PAYMENTS_API_KEY`, or `PAYMENTS_BEARER_AUTH_TOKEN` (1 tool)', '', 'At start'].join('\n'),
    );
  });

  it('none when no tool has alternatives', async () => {
    expect(await readme('test/fixtures/specs/petstore.2.0.yaml')).not.toContain('Credentials: ');
    expect(await readme(SPEC, { include: ['GET /v1/health'] })).not.toContain('Credentials: ');
  });
});
