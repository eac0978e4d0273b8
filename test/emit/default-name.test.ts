import { describe, expect, it } from 'vitest';
import { DEFAULT_NAME_MAX, defaultPackageName } from '../../src/emit/default-name.js';
import { envPrefix } from '../../src/emit/package-naming.js';
import type { Server } from '../../src/model/api-model.js';

const server = (url: string, variables: Server['variables'] = {}): Server[] => [{ url, variables }];

/**
 * Every spec in the shared collection of real specs (titles and first server URLs copied here),
 * with the name and environment prefix `generate` gives it by default.
 */
const REAL_SPECS: { spec: string; title: string; servers: Server[]; name: string; prefix: string }[] = [
  { spec: 'asana.3.0.yaml', title: 'Asana', servers: server('https://app.asana.com/api/1.0'), name: 'asana-mcp', prefix: 'ASANA_' },
  { spec: 'digitalocean/DigitalOcean-public.v2.yaml', title: 'DigitalOcean API', servers: server('https://api.digitalocean.com'), name: 'digitalocean-mcp', prefix: 'DIGITALOCEAN_' },
  { spec: 'docker-engine.2.0.yaml', title: 'Docker Engine API', servers: server('/v1.56'), name: 'docker-engine-mcp', prefix: 'DOCKER_ENGINE_' },
  { spec: 'freee-accounting.3.0.json', title: 'freee会計 API', servers: server('https://api.freee.co.jp'), name: 'freee-mcp', prefix: 'FREEE_' },
  { spec: 'github-rest.3.0.json', title: "GitHub's official OpenAPI spec + Octokit extension", servers: server('https://api.github.com'), name: 'github-mcp', prefix: 'GITHUB_' },
  { spec: 'github-webhooks.3.1.json', title: "GitHub's official Webhooks OpenAPI spec + Octokit extension", servers: server('https://api.github.com'), name: 'github-mcp', prefix: 'GITHUB_' },
  { spec: 'jira-cloud.3.0.json', title: 'The Jira Cloud platform REST API', servers: server('https://your-domain.atlassian.net'), name: 'jira-cloud-mcp', prefix: 'JIRA_CLOUD_' },
  { spec: 'kubernetes.3.0.json', title: 'Kubernetes', servers: server('//kubernetes.local'), name: 'kubernetes-mcp', prefix: 'KUBERNETES_' },
  {
    spec: 'meilisearch-v1.4.3.1.yaml', title: 'Meilisearch Core API',
    servers: server('{protocol}://{domain}:{port}', { protocol: { default: 'http' }, domain: { default: 'localhost' }, port: { default: '7700' } }),
    name: 'meilisearch-mcp', prefix: 'MEILISEARCH_',
  },
  { spec: 'msgraph-v1.3.0.json', title: 'OData Service for namespace microsoft.graph', servers: server('https://graph.microsoft.com/v1.0'), name: 'microsoft-graph-mcp', prefix: 'MICROSOFT_GRAPH_' },
  { spec: 'oai-callback-example.3.0.yaml', title: 'Callback Example', servers: [], name: 'callback-example-mcp', prefix: 'CALLBACK_EXAMPLE_' },
  { spec: 'oai-link-example.3.0.yaml', title: 'Link Example', servers: [], name: 'link-example-mcp', prefix: 'LINK_EXAMPLE_' },
  { spec: 'openai.3.1.yaml', title: 'OpenAI API', servers: server('https://api.openai.com/v1'), name: 'openai-mcp', prefix: 'OPENAI_' },
  { spec: 'petstore.2.0.yaml', title: 'Swagger Petstore', servers: server('http://petstore.swagger.io/v2'), name: 'swagger-petstore-mcp', prefix: 'SWAGGER_PETSTORE_' },
  { spec: 'readme-api.3.1.json', title: 'ReadMe API', servers: server('https://api.readme.com/v2'), name: 'readme-mcp', prefix: 'README_' },
  { spec: 'readme-circular-paths.3.0.json', title: 'API definition with a circular path $refs', servers: server('https://httpbin.org/anything'), name: 'circular-path-refs-mcp', prefix: 'CIRCULAR_PATH_REFS_' },
  { spec: 'readme-discriminators.3.0.json', title: 'Discriminator support', servers: server('https://httpbin.org/anything'), name: 'discriminator-mcp', prefix: 'DISCRIMINATOR_' },
  { spec: 'readme-file-uploads.3.0.json', title: 'File uploading support', servers: server('https://httpbin.org'), name: 'file-uploading-mcp', prefix: 'FILE_UPLOADING_' },
  { spec: 'readme-form-data.3.0.json', title: 'x-www-form-urlencoded support', servers: server('https://httpbin.org'), name: 'x-www-form-mcp', prefix: 'X_WWW_FORM_' },
  { spec: 'readme-parameters-extreme.3.0.json', title: 'Extreme parameter cases', servers: server('https://httpbin.org'), name: 'extreme-parameter-mcp', prefix: 'EXTREME_PARAMETER_' },
  { spec: 'readme-parameters-style.3.1.yaml', title: 'Support for parameter serialization', servers: server('https://httpbin.org'), name: 'parameter-mcp', prefix: 'PARAMETER_' },
  { spec: 'readme-schema-circular.2.0.json', title: 'Circular reference examples', servers: server('http://httpbin.org'), name: 'circular-reference-mcp', prefix: 'CIRCULAR_REFERENCE_' },
  { spec: 'readme-schema-circular.3.0.yaml', title: 'Circular reference examples', servers: server('https://httpbin.org/'), name: 'circular-reference-mcp', prefix: 'CIRCULAR_REFERENCE_' },
  { spec: 'readme-schema-deprecated.3.0.json', title: 'Support for `deprecated` declaration', servers: server('https://httpbin.org'), name: 'deprecated-mcp', prefix: 'DEPRECATED_' },
  { spec: 'readme-security.3.1.yaml', title: 'Support for different security types', servers: server('https://httpbin.org'), name: 'different-security-mcp', prefix: 'DIFFERENT_SECURITY_' },
  { spec: 'readme-webhooks.3.1.json', title: 'Webhook Example', servers: [], name: 'webhook-example-mcp', prefix: 'WEBHOOK_EXAMPLE_' },
  { spec: 'scalar-galaxy.3.1.yaml', title: 'Scalar Galaxy', servers: server('https://galaxy.scalar.com'), name: 'scalar-galaxy-mcp', prefix: 'SCALAR_GALAXY_' },
  { spec: 'slack-web.2.0.json', title: 'Slack Web API', servers: server('https://slack.com/api'), name: 'slack-mcp', prefix: 'SLACK_' },
  { spec: 'stripe.3.0.json', title: 'Stripe API', servers: server('https://api.stripe.com/'), name: 'stripe-mcp', prefix: 'STRIPE_' },
  { spec: 'twilio-api-v2010.3.0.json', title: 'Twilio - Api', servers: server('https://api.twilio.com'), name: 'twilio-mcp', prefix: 'TWILIO_' },
  { spec: 'xero-accounting.3.0.yaml', title: 'Xero Accounting API', servers: server('https://api.xero.com/api.xro/2.0'), name: 'xero-mcp', prefix: 'XERO_' },
];

describe('defaultPackageName', () => {
  it('gives every real spec a short name a person would choose, and the environment prefix to match', () => {
    const got = REAL_SPECS.map((s) => {
      const name = defaultPackageName(s.title, s.servers);
      return { spec: s.spec, name, prefix: envPrefix(name) };
    });
    expect(got).toEqual(REAL_SPECS.map(({ spec, name, prefix }) => ({ spec, name, prefix })));
    for (const { name } of got) expect(name.length).toBeLessThanOrEqual(DEFAULT_NAME_MAX);
  });

  const cases: { name: string; title: string; servers: Server[]; want: string }[] = [
    { name: 'the committed example (an example host)', title: 'Petstore', servers: server('https://petstore.example.com/v1'), want: 'petstore-mcp' },
    { name: 'a title that is all filler', title: 'The API', servers: server('https://api.acme.io'), want: 'acme-mcp' },
    { name: 'no title words, no host', title: '会計', servers: [], want: 'api-mcp' },
    { name: 'a long single word', title: 'Supercalifragilisticexpialidocious', servers: [], want: 'supercalifragilistic-mcp' },
    { name: 'an IP address', title: 'Local Thing', servers: server('http://127.0.0.1:8080'), want: 'local-thing-mcp' },
    { name: 'a title ending in MCP', title: 'Acme MCP', servers: [], want: 'acme-mcp' },
  ];
  for (const c of cases) {
    it(c.name, () => expect(defaultPackageName(c.title, c.servers)).toBe(c.want));
  }
});
