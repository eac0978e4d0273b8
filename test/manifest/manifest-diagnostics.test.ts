// Each bad manifest: the run fails with exactly these errors (code, pointer, message).
import { describe, expect, it } from 'vitest';
import { errorsOf, manifestWith, mapTree } from './manifest-kit.js';

const input = { type: 'object', properties: { q: { type: 'string' } } };
const tool = (extra: Record<string, unknown> = {}) => ({ name: 'search', description: 'Searches.', input, ...extra });

describe('manifest structure errors', () => {
  const cases: { name: string; given: object; want: [string, string | undefined, string][] }[] = [
    {
      name: 'invalid tool name is named, not rewritten',
      given: manifestWith([tool({ name: 'get note' })]),
      want: [['tool-name-invalid', '/tools/0/name', 'tool name "get note" is invalid: tool names match ^[A-Za-z0-9_-]{1,64}$ (or pass --name-style spec for ^[A-Za-z0-9_.-]{1,128}$)']],
    },
    {
      name: 'a name the MCP SDK cannot register (an Object.prototype member)',
      given: manifestWith([tool({ name: 'constructor' })]),
      want: [['tool-name-invalid', '/tools/0/name', 'tool name "constructor" cannot be used: the MCP SDK keeps tools in a plain object, where "constructor" is taken by JavaScript (as are toString, valueOf, hasOwnProperty …), and the server would answer every request with "Internal server error"']],
    },
    {
      name: 'a name whose handler file Windows reserves for a device',
      given: manifestWith([tool({ name: 'Nul' })]),
      want: [['tool-name-invalid', '/tools/0/name', 'tool name "Nul" cannot be used: its handler file (src/handlers/Nul.ts) would be a device name on Windows (CON, PRN, AUX, NUL, COM1–9, LPT1–9, with any extension), where the package could not be cloned or built; rename the tool']],
    },
    {
      name: 'duplicate tool name ignoring case',
      given: manifestWith([tool(), tool({ name: 'Search' })]),
      want: [['tool-name-invalid', '/tools/1/name', 'tool name "Search" is already used by "search" (names are unique ignoring case)']],
    },
    {
      name: 'missing description',
      given: manifestWith([{ name: 'search', input }]),
      want: [['manifest-invalid', '/tools/0', 'tool "search": "description" is required (a non-empty string)']],
    },
    {
      name: 'missing input',
      given: manifestWith([{ name: 'search', description: 'Searches.' }]),
      want: [['manifest-invalid', '/tools/0', 'tool "search": "input" is required: a JSON Schema object (inline or {"$ref": "file.json"})']],
    },
    {
      name: 'a misspelt field',
      given: manifestWith([tool({ inputSchema: input })]),
      want: [['manifest-invalid', '/tools/0/inputSchema', 'tool "search": unknown field "inputSchema"; a tool has name, title, description, input, output, annotations and icons']],
    },
    {
      name: 'input root not an object',
      given: manifestWith([tool({ input: { type: 'string' } })]),
      want: [['manifest-invalid', '/tools/0/input', 'tool "search": input must be a schema with type "object" (MCP tool arguments are named properties), found type "string"']],
    },
    {
      name: 'no info',
      given: { toolManifest: 1, tools: [] },
      want: [['manifest-invalid', '', '"info" is required: an object with "title" and "version"']],
    },
    {
      name: 'info given, but as YAML numbers (title: 5, version: 1.0)',
      given: { toolManifest: 1, info: { title: 5, version: 1 }, tools: [] },
      want: [
        ['manifest-invalid', '/info/title', 'info.title must be a non-empty string, not 5 (in YAML, put it in quotes)'],
        ['manifest-invalid', '/info/version', 'info.version must be a non-empty string, not 1 (in YAML, put it in quotes)'],
      ],
    },
    {
      name: 'a name that is a number',
      given: manifestWith([tool({ name: 12 })]),
      want: [['manifest-invalid', '/tools/0/name', '"name" must be a non-empty string, not 12 (in YAML, put it in quotes)']],
    },
    {
      name: 'a description that is a list',
      given: manifestWith([tool({ description: ['Searches.'] })]),
      want: [['manifest-invalid', '/tools/0/description', 'tool "search": "description" must be a non-empty string, not an array']],
    },
    {
      name: 'no tools',
      given: { toolManifest: 1, info: { title: 'T', version: '1' } },
      want: [['manifest-invalid', '', '"tools" is required: an array of tools']],
    },
    {
      name: 'unknown annotation',
      given: manifestWith([tool({ annotations: { readOnly: true } })]),
      want: [['manifest-invalid', '/tools/0/annotations/readOnly', 'tool "search": unknown annotation "readOnly"; the hints are readOnlyHint, destructiveHint, idempotentHint, openWorldHint (the title comes from the tool\'s "title")']],
    },
    {
      name: 'hint not a boolean',
      given: manifestWith([tool({ annotations: { readOnlyHint: 'yes' } })]),
      want: [['manifest-invalid', '/tools/0/annotations/readOnlyHint', 'tool "search": annotations.readOnlyHint must be true or false']],
    },
    {
      name: 'icon with an unsafe scheme',
      given: manifestWith([tool({ icons: [{ src: 'javascript:alert(1)' }] })]),
      want: [['manifest-invalid', '/tools/0/icons/0/src', 'tool "search": icons[0].src must be an https: URL or a data:image/… URI']],
    },
    {
      name: 'icon theme',
      given: manifestWith([tool({ icons: [{ src: 'https://example.com/i.png', theme: 'blue' }] })]),
      want: [['manifest-invalid', '/tools/0/icons/0/theme', 'tool "search": icons[0].theme must be "light" or "dark"']],
    },
    {
      name: 'unsupported $schema on an inline input',
      given: manifestWith([tool({ input: { $schema: 'https://example.com/my-dialect', ...input } })]),
      want: [['manifest-invalid', '/tools/0/input/$schema', 'unsupported $schema "https://example.com/my-dialect"; use draft-04, draft-06, draft-07, 2019-09 or 2020-12 (https://json-schema.org/draft/2020-12/schema)']],
    },
    {
      name: 'unsupported jsonSchemaDialect',
      given: manifestWith([tool()], { jsonSchemaDialect: 'draft-07' }),
      want: [['manifest-invalid', '/jsonSchemaDialect', 'unsupported jsonSchemaDialect "draft-07"; use draft-04, draft-06, draft-07, 2019-09 or 2020-12 (https://json-schema.org/draft/2020-12/schema)']],
    },
    {
      name: 'unresolvable $ref is an error',
      given: manifestWith([tool({ input: { $ref: '#/$defs/Missing' } })]),
      want: [['ref-unresolved', '/tools/0/input', 'cannot resolve schema reference "#/$defs/Missing": no "$defs" at the top of this file']],
    },
    {
      name: 'unresolvable output $ref',
      given: manifestWith([tool({ output: { $ref: '#/$defs/Missing' } })]),
      want: [['ref-unresolved', '/tools/0/output', 'cannot resolve schema reference "#/$defs/Missing": no "$defs" at the top of this file']],
    },
  ];
  it.each(cases)('$name', async ({ given, want }) => {
    const got = await errorsOf({ 'tools.json': given });
    expect(got.sort()).toEqual([...want].sort());
  });

  it('the run fails with one summary line', async () => {
    const mapped = await mapTree({ 'tools.json': manifestWith([tool({ name: 'a b' }), tool({ name: 'c d' })]) });
    expect(mapped.ok).toBe(false);
    if (!mapped.ok) expect(mapped.message).toBe('2 errors in tools.json; nothing written');
  });

  it('an unknown format version stops at the root', async () => {
    const mapped = await mapTree({ 'tools.json': { toolManifest: 2, info: { title: 'T', version: '1' }, tools: [] } });
    expect(mapped).toEqual({ ok: false, message: 'tools.json: unsupported toolManifest 2; supported: 1', diagnostics: [] });
  });
});

describe('manifest references: the OpenAPI trust rules, and no holes', () => {
  it('a $ref to a file outside the manifest directory is refused before anything is read', async () => {
    const mapped = await mapTree({
      'tools.json': manifestWith([tool({ input: { $ref: '../outside.json' } })]),
      '../outside.json': input,
    });
    expect(mapped).toEqual({
      ok: false,
      message: "1 $ref outside the spec's directory refused; nothing read or written",
      diagnostics: [{
        severity: 'error',
        code: 'ref-outside-spec',
        message: '$ref "../outside.json" leaves the spec\'s directory; allow its directory with --allow-ref <dir> (config key "allowRef") if you trust it',
        file: 'tools.json',
        pointer: '/tools/0/input',
      }],
    });
  });

  it('a file that cannot be read is an error, not a warning, in one line', async () => {
    const got = await errorsOf({ 'tools.json': manifestWith([tool({ input: { $ref: 'missing.json' } })]) });
    expect(got).toEqual([['ref-file-unreadable', '/tools/0/input', 'cannot read missing.json: no such file']]);
  });

  it('a file whose pointer leads nowhere: one line', async () => {
    const got = await errorsOf({ 'tools.json': manifestWith([tool({ input: { $ref: 'schemas/q.json#/nope' } })]), 'schemas/q.json': input });
    expect(got).toEqual([['ref-unresolved', '/tools/0/input', 'cannot resolve schema reference "schemas/q.json#/nope": no "nope" at the top of schemas/q.json']]);
  });
});

describe('x-mcp-header in a manifest', () => {
  const withProps = (properties: Record<string, unknown>) => manifestWith([tool({ input: { type: 'object', properties } })]);
  const cases: { name: string; given: object; want: [string, string | undefined, string][] }[] = [
    {
      name: 'on a number',
      given: withProps({ score: { type: 'number', 'x-mcp-header': 'Score' } }),
      want: [['manifest-header-invalid', '/tools/0/input/properties/score/x-mcp-header', 'tool "search": x-mcp-header on "score" needs a property schema with exactly one type: "string", "integer" or "boolean"']],
    },
    {
      name: 'on a nullable string',
      given: withProps({ region: { type: ['string', 'null'], 'x-mcp-header': 'Region' } }),
      want: [['manifest-header-invalid', '/tools/0/input/properties/region/x-mcp-header', 'tool "search": x-mcp-header on "region" needs a property schema with exactly one type: "string", "integer" or "boolean"']],
    },
    {
      name: 'not a token',
      given: withProps({ region: { type: 'string', 'x-mcp-header': 'My Region' } }),
      want: [['manifest-header-invalid', '/tools/0/input/properties/region/x-mcp-header', 'tool "search": x-mcp-header on "region" must be a non-empty HTTP token (letters, digits and !#$%&\'*+.^_`|~-), not "My Region"']],
    },
    {
      name: 'repeated ignoring case',
      given: withProps({ a: { type: 'string', 'x-mcp-header': 'MyField' }, b: { type: 'string', 'x-mcp-header': 'myfield' } }),
      want: [['manifest-header-invalid', '/tools/0/input/properties/b/x-mcp-header', 'tool "search": x-mcp-header on "b" repeats the header "myfield" of "a" (header names are compared ignoring case)']],
    },
    {
      name: 'sensitive property name',
      given: withProps({ api_key: { type: 'string', 'x-mcp-header': 'Key-Id' } }),
      want: [['manifest-header-invalid', '/tools/0/input/properties/api_key/x-mcp-header', 'tool "search": x-mcp-header on "api_key" is refused: the value looks sensitive (name: api key), and header values are visible to every proxy and log on the way']],
    },
    {
      name: 'sensitive format',
      given: withProps({ contact: { type: 'string', format: 'email', 'x-mcp-header': 'Contact' } }),
      want: [['manifest-header-invalid', '/tools/0/input/properties/contact/x-mcp-header', 'tool "search": x-mcp-header on "contact" is refused: the value looks sensitive (format: email), and header values are visible to every proxy and log on the way']],
    },
    {
      name: 'nested below the top level',
      given: withProps({ filter: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } } }),
      want: [['manifest-header-invalid', '/tools/0/input/properties/filter/properties/region/x-mcp-header', "x-mcp-header is allowed only on a top-level property of a tool's input (inline or in the schema its input references)"]],
    },
    {
      name: 'in a shared definition',
      given: manifestWith([tool()], { $defs: { Region: { type: 'string', 'x-mcp-header': 'Region' } } }),
      want: [['manifest-header-invalid', '/$defs/Region/x-mcp-header', "x-mcp-header is allowed only on a top-level property of a tool's input (inline or in the schema its input references)"]],
    },
  ];
  it.each(cases)('$name', async ({ given, want }) => {
    expect(await errorsOf({ 'tools.json': given })).toEqual(want);
  });
});
