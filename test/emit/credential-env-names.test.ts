import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApiConfig } from '../../src/emit/api-config.js';
import { mapSpec } from '../../src/map-spec.js';

/** The credential variables of a one-operation spec with these security schemes, generated as `packageName`. */
async function credentialVariables(schemes: Record<string, unknown>, packageName: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'env-names-'));
  const spec = join(dir, 'api.json');
  const security = Object.keys(schemes).map((key) => ({ [key]: [] }));
  writeFileSync(spec, JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    components: { securitySchemes: schemes },
    security,
    paths: { '/a': { get: { operationId: 'getA', responses: { '200': { description: 'ok' } } } } },
  }));
  const { tools } = await mapSpec(spec, {});
  return buildApiConfig(tools, packageName, '1.0.0', { confirm: 'destructive' }).variables.filter((v) => v.credential).map((v) => v.name);
}

describe('credential variable names', () => {
  it("name the API once when the scheme's name starts with it (Slack's slackAuth)", async () => {
    expect(await credentialVariables({ slackAuth: { type: 'http', scheme: 'bearer' } }, 'slack-mcp')).toEqual(['SLACK_AUTH_TOKEN']);
    expect(await credentialVariables({ slack: { type: 'apiKey', in: 'header', name: 'X-Key' } }, 'slack-mcp')).toEqual(['SLACK']);
  });

  it('keep the package prefix otherwise, also for a scheme that only begins like it', async () => {
    expect(await credentialVariables({ bearerAuth: { type: 'http', scheme: 'bearer' } }, 'slack-mcp')).toEqual(['SLACK_BEARER_AUTH_TOKEN']);
    expect(await credentialVariables({ slackerKey: { type: 'apiKey', in: 'header', name: 'X-Key' } }, 'slack-mcp')).toEqual(['SLACK_SLACKER_KEY']);
  });
});
