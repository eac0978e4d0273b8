import { describe, expect, it } from 'vitest';
import { emitPackage } from '../../src/emit/emit-package.js';
import { mapSpec, type MapSpecOptions } from '../../src/map-spec.js';
import type { ToolModel } from '../../src/model/tool-model.js';

const PUBLIC = 'test/fixtures/specs/public.3.0.yaml';
const SECURED = 'test/fixtures/specs/petstore.2.0.yaml';

async function emitted(spec: string, options: MapSpecOptions = {}): Promise<{ plan: ReturnType<typeof emitPackage>; file: (path: string) => string }> {
  const { tools } = await mapSpec(spec, options);
  const plan = emitPackage(tools);
  return { plan, file: (path) => plan.files.find((f) => f.path === path)!.contents };
}

const NOTE = [
  '| `GITHUB_TOOLS_MODE` | static or dynamic (as --tools-mode) |',
  '',
  'The OpenAPI spec declares no credentials, so the server calls the API without any (no',
  '`Authorization` header, no API key) and the table above lists none for it. To send a token,',
  'regenerate the package with `--auth bearer --auth-env GITHUB_TOKEN` added to the',
  '`openapi-mcp generate` command (in a config file: `"auth": "bearer", "authEnv": ["GITHUB_TOKEN"]`);',
  'the server then reads `GITHUB_TOKEN` and sends it as `Authorization: Bearer <token>`.',
  "openapi-mcp's `docs/upstream-credentials.md` has the other kinds (basic, API keys, OAuth2 client",
  'credentials).',
  '',
  'At start the server reads `.env`',
].join('\n');

describe("the README of a package whose spec declares no credentials", () => {
  it('says so under the environment table, with the options that add a token', async () => {
    const { plan, file } = await emitted(PUBLIC);
    expect(file('README.md')).toContain(NOTE);
    expect(plan.credentialHint).toEqual({ variable: 'GITHUB_TOKEN', options: '--auth bearer --auth-env GITHUB_TOKEN' });
    expect(file('src/config.gen.ts')).toContain('"credentials": {}');
  });

  it('says nothing once --auth declares one, nor when the spec declares security, even for a selection of its public operations', async () => {
    for (const [spec, options] of [[PUBLIC, { auth: 'bearer' }], [SECURED, {}], [SECURED, { include: ['GET /pets'] }]] as const) {
      const { plan, file } = await emitted(spec, options);
      expect(file('README.md')).not.toContain('declares no credentials');
      expect(plan.credentialHint).toBeUndefined();
    }
    expect((await emitted(PUBLIC, { auth: 'bearer' })).file('README.md')).toContain('| `GITHUB_TOKEN` | Bearer token for the upstream (generate --auth bearer) |');
  });

  it('says nothing for a tool manifest (handler) package: it calls no upstream', () => {
    const model: ToolModel = {
      info: { title: 'Handlers', version: '1' },
      servers: [],
      securitySchemes: {},
      noCredentials: true,
      tools: [{ definition: { name: 'hello', description: 'Says hello', inputSchema: { type: 'object', properties: {} } }, binding: { kind: 'handler' } }],
    };
    const plan = emitPackage(model, { packageName: 'handlers-mcp' });
    expect(plan.credentialHint).toBeUndefined();
    expect(plan.files.find((f) => f.path === 'README.md')!.contents).not.toContain('declares no credentials');
  });
});
