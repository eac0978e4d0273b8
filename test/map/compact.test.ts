import { describe, expect, it } from 'vitest';
import type { JsonSchema, JsonSchemaObject } from '../../src/model/json-schema.js';
import type { ToolDefinition } from '../../src/model/tool-model.js';
import { compactInputSchema, createCompactInputMemo, unlinkText, withoutTexts } from '../../src/map/compact-input.js';
import { fitsCompactOutput } from '../../src/map/compact-output.js';
import { compactDefinition } from '../../src/map/compact-tool.js';

const defs: Record<string, JsonSchema> = { List: { type: 'array', items: { type: 'string' } }, Loop: { $ref: '#/$defs/Loop' }, Big: { type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field_${i}`, { type: 'string' }])) } };
const resolve = (ref: string): JsonSchema | undefined => defs[ref.slice('#/$defs/'.length)];

describe('compact output schemas', () => {
  const defOf = (key: string): JsonSchema | undefined => defs[key];
  const cases: { name: string; given: JsonSchemaObject; limit?: number; fits: boolean }[] = [
    { name: 'a message object fits', given: { type: 'object', properties: { message: { type: 'string', description: 'What happened, in a long sentence that does not count.' } } }, fits: true },
    { name: 'a definition reached twice counts once (153 characters)', given: { type: 'object', properties: { result: { $ref: '#/$defs/List' }, b: { $ref: '#/$defs/List' } } }, limit: 170, fits: true },
    { name: 'a definition counts', given: { type: 'object', properties: { result: { $ref: '#/$defs/Big' } } }, fits: false },
    { name: 'a $ref cycle ends', given: { type: 'object', properties: { result: { $ref: '#/$defs/Loop' } } }, fits: true },
    { name: 'twelve properties do not fit', given: { type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field_${i}`, { type: 'string' }])) }, fits: false },
  ];
  for (const c of cases) it(c.name, () => expect(fitsCompactOutput(c.given, defOf, c.limit)).toBe(c.fits));

  it('a limit of exactly the JSON length fits, one less does not', () => {
    const schema = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
    const length = JSON.stringify(schema).length;
    expect([fitsCompactOutput(schema, defOf, length + 8), fitsCompactOutput(schema, defOf, length - 8)]).toEqual([true, false]);
  });

  it('texts go at every depth; property names, enums and required stay', () => {
    const given: JsonSchemaObject = { type: 'object', title: 'T', description: 'd', properties: { description: { type: 'string', description: 'x', enum: ['a'] }, title: { type: 'object', properties: { n: { type: 'integer', examples: [1] } } } }, required: ['description'] };
    expect(withoutTexts(given)).toEqual({ type: 'object', properties: { description: { type: 'string', enum: ['a'] }, title: { type: 'object', properties: { n: { type: 'integer' } } } }, required: ['description'] });
  });
});

describe('unlinkText', () => {
  const cases: [string, string][] = [
    ['See [the guide](https://example.com/guide) first.', 'See the guide first.'],
    ['Per page (max 100). For more information, see "[Using pagination](https://docs.example.com/p)."', 'Per page (max 100).'],
    ['For more details about X, see [Limits](https://x.y/l).\nNext line.', 'Next line.'],
    ['Relative [links](/docs/a) and [anchors](#b) stay.', 'Relative [links](/docs/a) and [anchors](#b) stay.'],
    ['[Titled](https://a.b/c "The title") link', 'Titled link'],
    ['No links at all.', 'No links at all.'],
  ];
  for (const [given, want] of cases) it(JSON.stringify(given), () => expect(unlinkText(given)).toBe(want));

  it('takes linear time on a spec text of unclosed links (each used to scan to the end: 200 KB took 7.6 s)', () => {
    const text = '[a](http://x'.repeat(40_000);
    const started = performance.now();
    expect(unlinkText(`${text} [b](https://b.example/p)`)).toBe(`${text} b`);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

// Real texts (GitHub, Jira, Stripe specs) where removing only "For more information, see [X](…)"
// left a fragment; each pointer sentence must go whole, up to its end.
describe('unlinkText removes whole pointer sentences', () => {
  const gh = (path: string): string => `https://docs.github.com/${path}`;
  const cases: [string, string, string][] = [
    [
      'pulls_create: "in the … documentation" after the link',
      `GitHub Team and GitHub Enterprise Cloud. For more information, see [GitHub's products](${gh('github/getting-started-with-github/githubs-products')}) in the GitHub Help documentation.\n\nTo open or update a pull request`,
      'GitHub Team and GitHub Enterprise Cloud.\n\nTo open or update a pull request',
    ],
    [
      'pulls_create: two quoted links joined by and',
      `may result in secondary rate limiting. For more information, see "[Rate limits for the API](${gh('rest/rate-limits#about-secondary-rate-limits')})" and "[Best practices for using the REST API](${gh('rest/guides/best-practices')})."\n\nThis endpoint supports`,
      'may result in secondary rate limiting.\n\nThis endpoint supports',
    ],
    [
      'issues_create: the second link on the next line',
      `may result in secondary rate limiting. For more information, see "[Rate limits for the API](${gh('rest/rate-limits')})"\nand "[Best practices for using the REST API](${gh('rest/guides/best-practices')})."\n\nThis endpoint supports`,
      'may result in secondary rate limiting.\n\nThis endpoint supports',
    ],
    [
      'Jira: "see [A](…) and the [B](…) documentation"',
      'details. For more information on working with dashboard items, see [ Building a dashboard item](https://developer.atlassian.com/server/jira/guide) and the [Dashboard Item](https://developer.atlassian.com/cloud/jira/dashboard-item/) documentation.\n\nThere is no resource',
      'details.\n\nThere is no resource',
    ],
    [
      'the "about X" clause and an "endpoint" tail',
      `Lists installations. For more details about your app's installations, see the "[List installations for the authenticated app](${gh('rest/apps/apps#list-installations')})" endpoint.`,
      'Lists installations.',
    ],
    ['"See [X](…) for more information."', `Filter projects. See [Filtering projects](${gh('issues/filtering-projects')}) for more information.`, 'Filter projects.'],
    ['"in GitHub Help" after the link', `must sign commits on this branch. For more information, see [Signing commits with GPG](${gh('articles/signing-commits')}) in GitHub Help.\n\n> [!NOTE]`, 'must sign commits on this branch.\n\n> [!NOTE]'],
    ['Stripe: a word before the link, "for details"', 'A string that identifies the payment. See the PaymentIntents [use case for connected accounts](https://stripe.com/docs/payments/connected-accounts) for details.', 'A string that identifies the payment.'],
    ['Stripe: the link text starts with "See"', 'Only present for a destination charge. [See the Connect documentation](https://stripe.com/docs/connect/destination-charges) for details.', 'Only present for a destination charge.'],
    ['Stripe: "to learn more"', 'Trial end. See [Using trial periods on subscriptions](https://stripe.com/docs/billing/subscriptions/trials) to learn more.', 'Trial end.'],
    ['a pointer alone on its line, between paragraphs', `A.\n\nFor more information, see "[Media types](${gh('rest/media-types')})."\n\nB.`, 'A.\n\nB.'],
    ['a pointer in a blockquote line', `> **Closing down notice:** Classroom is closing.\n> For more information, see the [GitHub Classroom sunset notice](https://gh.io/classroom-sunset).\n\nLists.`, '> **Closing down notice:** Classroom is closing.\n\nLists.'],
    [
      'a pointer cut by the description limit (its link unfinished)',
      `Creating content too quickly may result in secondary rate limiting. For more information, see "[Rate limits for the … [truncated]`,
      'Creating content too quickly may result in secondary rate limiting. … [truncated]',
    ],
    [
      'Jira: "See the [X" cut by the description limit',
      'the email address is hidden. See the [Profile visibility … [truncated]',
      'the email address is hidden. … [truncated]',
    ],
    [
      'a pointer cut inside its URL',
      'configuration details. For more information, see [ Building](https://developer.atlassian.com/server/guide/) and the [Dashboard Item](https://developer.atlassian.com/cloud/jira/dashboard-item … [truncated]',
      'configuration details. … [truncated]',
    ],
  ];
  for (const [name, given, want] of cases) it(name, () => expect(unlinkText(given)).toBe(want));

  const unchanged: [string, string, string][] = [
    ['a "see" sentence that says more', `See [Searching for repositories](${gh('articles/searching-for-repositories/')}) for a detailed list of qualifiers.`, 'See Searching for repositories for a detailed list of qualifiers.'],
    ['informative link text', 'Three-letter [ISO currency code](https://www.iso.org/iso-4217-currency-codes.html), in lowercase.', 'Three-letter ISO currency code, in lowercase.'],
    ['a pointer sentence with more after the link', `For more information, see [Limits](${gh('limits')}), but tokens need the repo scope.`, 'For more information, see Limits, but tokens need the repo scope.'],
    ['a pointer to a relative link stays (relative links stay)', 'For more information, see [Permissions](#permissions).', 'For more information, see [Permissions](#permissions).'],
    ['link text naming an endpoint', 'Lists rules. For more information about the app, see the [documentation for the `GET /apps/{app_slug}` endpoint](https://docs.github.com/rest/apps/apps#get-an-app).', 'Lists rules. For more information about the app, see the documentation for the `GET /apps/{app_slug}` endpoint.'],
    ['a pointer without a link', 'For more information, see the `per_page` parameter.', 'For more information, see the `per_page` parameter.'],
    ['"Learn more about" keeps its words', 'Learn more about [voiding credit notes](https://stripe.com/docs/billing/credit-notes#voiding).', 'Learn more about voiding credit notes.'],
    ['mid-sentence "see"', `Parameters (see [the errors section](https://stripe.com/docs/api#errors) for a list of codes).`, 'Parameters (see the errors section for a list of codes).'],
    ['a truncated "See" sentence that was not a pointer yet', 'Hidden fields. See the [Profile](https://x.y/p) values for … [truncated]', 'Hidden fields. See the Profile values for … [truncated]'],
    ['a truncated text with no pointer at its end', `Lists repos. For more information, see [Repos](${gh('repos')}). Then the … [truncated]`, 'Lists repos. Then the … [truncated]'],
  ];
  for (const [name, given, want] of unchanged) it(`keeps: ${name}`, () => expect(unlinkText(given)).toBe(want));

  it('is the same on every call (no state between calls)', () => {
    const text = `A. For more information, see [X](${gh('x')}).\nB. See [Y](${gh('y')}) for more details.`;
    expect([unlinkText(text), unlinkText(text)]).toEqual(['A.\nB.', 'A.\nB.']);
  });
});

describe('compactInputSchema', () => {
  const shared: JsonSchemaObject = { type: 'object', description: 'An address.', properties: { zip: { type: 'string', description: 'Postal code', examples: ['12345'], pattern: '^\\d+$' } } };
  const input: JsonSchemaObject = {
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The id. See [docs](https://x.y/d).', minimum: 1, default: 7, examples: [3], 'x-mcp-header': 'id' },
      address: { $ref: '#/$defs/Address' },
      tags: { type: 'array', description: 'Tags', items: { type: 'string', enum: ['a', 'b'], description: 'one tag', format: 'hostname' } },
    },
    required: ['id'],
    additionalProperties: false,
    $defs: { Address: shared },
  };

  it('keeps every argument, type, enum, format, bound, default, required flag and top-level description; drops deeper texts', () => {
    expect(compactInputSchema(input, createCompactInputMemo())).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer', description: 'The id. See docs.', minimum: 1, default: 7, examples: [3], 'x-mcp-header': 'id' },
        address: { $ref: '#/$defs/Address', description: 'An address.' },
        tags: { type: 'array', description: 'Tags', items: { type: 'string', enum: ['a', 'b'], format: 'hostname' } },
      },
      required: ['id'],
      additionalProperties: false,
      $defs: { Address: { type: 'object', properties: { zip: { type: 'string', pattern: '^\\d+$' } } } },
    });
  });

  it('a shared definition stays one object across tools', () => {
    const memo = createCompactInputMemo();
    const a = compactInputSchema(input, memo);
    const b = compactInputSchema({ ...input, properties: { other: { type: 'string' } } }, memo);
    expect((a.$defs as Record<string, unknown>).Address).toBe((b.$defs as Record<string, unknown>).Address);
  });
});

describe('compactDefinition', () => {
  const tool = (): ToolDefinition => ({
    name: 'delete_pet',
    title: 'Delete a pet',
    description: 'Delete a pet\n\nRemoves the pet. For more information, see [Pets](https://x.y/pets).',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    annotations: { title: 'Delete a pet', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  it('drops the repeated title, link URLs and hints equal to MCP defaults, but keeps destructiveHint: true (confirmation asks on it)', () => {
    const t = tool();
    compactDefinition(t, createCompactInputMemo());
    expect(t).toEqual({ name: 'delete_pet', title: 'Delete a pet', description: 'Removes the pet.', inputSchema: { type: 'object', properties: {}, additionalProperties: false }, annotations: { destructiveHint: true, idempotentHint: true } });
  });

  it('keeps a non-default destructiveHint: false, and a description that is only the title', () => {
    const t: ToolDefinition = { ...tool(), description: 'Delete a pet', annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true } };
    compactDefinition(t, createCompactInputMemo());
    expect([t.description, t.annotations]).toEqual(['Delete a pet', { destructiveHint: false }]);
    const read: ToolDefinition = { ...tool(), annotations: { readOnlyHint: true, openWorldHint: true } };
    compactDefinition(read, createCompactInputMemo());
    expect(read.annotations).toEqual({ readOnlyHint: true });
  });
});
