import { describe, expect, it } from 'vitest';
import { diffTool, diffTools, type Change, type ChangeReport } from '../../src/report/change-report.js';
import type { ArgumentSummary, ToolSummary } from '../../src/report/tool-summary.js';

const H = (c: string): string => c.repeat(16);

function tool(args: Record<string, ArgumentSummary>, over: Partial<ToolSummary> = {}): ToolSummary {
  return { method: 'GET', path: '/x', arguments: args, input: H('1'), output: H('2'), text: H('3'), hints: H('4'), binding: H('5'), ...over };
}
const opt = (...type: string[]): ArgumentSummary => ({ required: false, type });
const req = (...type: string[]): ArgumentSummary => ({ required: true, type });

describe('diffTool', () => {
  const cases: { name: string; given: [ToolSummary, ToolSummary]; want: Omit<Change, 'message'>[] }[] = [
    { name: 'identical', given: [tool({ a: req('string') }), tool({ a: req('string') })], want: [] },
    { name: 'optional argument added', given: [tool({}), tool({ a: opt('string') }, { input: H('9') })], want: [{ kind: 'argument-added', argument: 'a', breaking: false }] },
    { name: 'required argument added', given: [tool({}), tool({ a: req('string') }, { input: H('9') })], want: [{ kind: 'argument-added', argument: 'a', breaking: true }] },
    { name: 'argument removed', given: [tool({ a: opt('string') }), tool({}, { input: H('9') })], want: [{ kind: 'argument-removed', argument: 'a', breaking: true }] },
    { name: 'argument now required', given: [tool({ a: opt('string') }), tool({ a: req('string') })], want: [{ kind: 'argument-required', argument: 'a', breaking: true }] },
    { name: 'argument now optional', given: [tool({ a: req('string') }), tool({ a: opt('string') })], want: [{ kind: 'argument-optional', argument: 'a', breaking: false }] },
    { name: 'type changed', given: [tool({ a: opt('string') }), tool({ a: opt('integer') })], want: [{ kind: 'argument-type', argument: 'a', breaking: true }] },
    { name: 'type narrowed number → integer', given: [tool({ a: opt('number') }), tool({ a: opt('integer') })], want: [{ kind: 'argument-type', argument: 'a', breaking: true }] },
    { name: 'type widened integer → number', given: [tool({ a: opt('integer') }), tool({ a: opt('number') })], want: [{ kind: 'argument-type', argument: 'a', breaking: false }] },
    { name: 'type widened by null', given: [tool({ a: opt('string') }), tool({ a: opt('null', 'string') })], want: [{ kind: 'argument-type', argument: 'a', breaking: false }] },
    { name: 'type widened to any', given: [tool({ a: opt('string') }), tool({ a: opt() })], want: [{ kind: 'argument-type', argument: 'a', breaking: false }] },
    { name: 'type narrowed from any', given: [tool({ a: opt() }), tool({ a: opt('string') })], want: [{ kind: 'argument-type', argument: 'a', breaking: true }] },
    { name: 'header added', given: [tool({ a: req('string') }), tool({ a: { ...req('string'), header: 'A' } })], want: [{ kind: 'header-added', argument: 'a', breaking: true }] },
    { name: 'header removed', given: [tool({ a: { ...req('string'), header: 'A' } }), tool({ a: req('string') })], want: [{ kind: 'header-removed', argument: 'a', breaking: true }] },
    { name: 'header renamed', given: [tool({ a: { ...req('string'), header: 'A' } }), tool({ a: { ...req('string'), header: 'B' } })], want: [{ kind: 'header-renamed', argument: 'a', breaking: true }] },
    { name: 'other input schema change', given: [tool({ a: req('string') }), tool({ a: req('string') }, { input: H('9') })], want: [{ kind: 'input-schema', breaking: false }] },
    { name: 'output schema removed', given: [tool({}), tool({}, { output: undefined })], want: [{ kind: 'output-schema-removed', breaking: true }] },
    { name: 'output schema added', given: [tool({}, { output: undefined }), tool({})], want: [{ kind: 'output-schema-added', breaking: false }] },
    { name: 'output schema changed', given: [tool({}), tool({}, { output: H('9'), binding: H('8') })], want: [{ kind: 'output-schema', breaking: false }] },
    { name: 'endpoint changed', given: [tool({}), tool({}, { method: 'POST', binding: H('8') })], want: [{ kind: 'endpoint', breaking: false }] },
    { name: 'request mapping changed alone', given: [tool({}), tool({}, { binding: H('8') })], want: [{ kind: 'request-binding', breaking: false }] },
    { name: 'credentials changed', given: [tool({}, { auth: H('6') }), tool({}, { binding: H('8'), auth: H('7') })], want: [{ kind: 'credentials', breaking: false }] },
    { name: 'credentials unknown before (an older manifest)', given: [tool({}), tool({}, { binding: H('8'), auth: H('7') })], want: [{ kind: 'request-binding', breaking: false }] },
    { name: 'toolset changed', given: [tool({}, { toolset: 'pets' }), tool({}, { toolset: 'store' })], want: [{ kind: 'toolset', breaking: true }] },
    { name: 'toolset unknown before (an older manifest)', given: [tool({}), tool({}, { toolset: 'store' })], want: [] },
    { name: 'description and annotations', given: [tool({}), tool({}, { text: H('8'), hints: H('7') })], want: [{ kind: 'description', breaking: false }, { kind: 'annotations', breaking: false }] },
    {
      name: 'several, arguments in name order first',
      given: [tool({ b: opt('string'), a: opt('string') }), tool({ a: req('integer'), c: opt('string') }, { text: H('8') })],
      want: [
        { kind: 'argument-required', argument: 'a', breaking: true },
        { kind: 'argument-type', argument: 'a', breaking: true },
        { kind: 'argument-removed', argument: 'b', breaking: true },
        { kind: 'argument-added', argument: 'c', breaking: false },
        { kind: 'description', breaking: false },
      ],
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(diffTool(...given).map(({ message: _, ...rest }) => rest)).toEqual(want));
  }

  it('messages name the argument and the change', () => {
    const changes = diffTool(
      tool({ a: { ...opt('integer'), header: 'A' }, b: req('string') }, { toolset: 'pets' }),
      tool({ a: { ...req('string'), header: 'Aa' }, c: req() }, { method: 'POST', path: '/y', toolset: 'store' }),
    );
    expect(changes.map((c) => c.message)).toEqual([
      'argument "a" is now required',
      'argument "a" type integer → string',
      'argument "a" x-mcp-header A → Aa',
      'argument "b" removed',
      'new required argument "c"',
      'endpoint GET /x → POST /y',
      'toolset "pets" → "store": a server started with --toolsets "pets" no longer serves it',
    ]);
  });
});

describe('diffTools', () => {
  const before = new Map([
    ['keep', tool({ a: opt('string') })],
    ['gone', tool({})],
    ['soft', tool({})],
    ['hard', tool({ a: opt('string') })],
  ]);
  const after = new Map([
    ['keep', tool({ a: opt('string') })],
    ['soft', tool({}, { text: H('8') })],
    ['hard', tool({ a: req('string') })],
    ['new', tool({})],
    ['Another', tool({})],
  ]);

  it('added, removed, changed, sorted; breaking when a tool is removed or a change breaks', () => {
    const report = diffTools(before, after);
    expect(report).toEqual<ChangeReport>({
      firstGeneration: false,
      added: ['Another', 'new'],
      removed: ['gone'],
      changed: [
        { tool: 'hard', breaking: true, changes: [{ kind: 'argument-required', argument: 'a', breaking: true, message: 'argument "a" is now required' }] },
        { tool: 'soft', breaking: false, changes: [{ kind: 'description', breaking: false, message: 'title or description changed' }] },
      ],
      breaking: true,
    });
  });

  it('a removed tool whose endpoint exactly one added tool has is reported as most likely renamed', () => {
    const was = new Map([['getPet', tool({}, { path: '/pets/{id}' })], ['listPets', tool({}, { path: '/pets' })], ['gone', tool({}, { path: '/x' })]]);
    const now = new Map([['showPet', tool({}, { path: '/pets/{id}' })], ['listPets', tool({}, { path: '/pets' })], ['a', tool({}, { path: '/x' })], ['b', tool({}, { path: '/x' })]]);
    const report = diffTools(was, now);
    expect(report.removed).toEqual(['getPet', 'gone']);
    expect(report.renamed).toEqual([{ from: 'getPet', to: 'showPet', endpoint: 'GET /pets/{id}' }]);
    expect(diffTools(before, after).renamed).toBeUndefined();
  });

  it('only compatible changes: not breaking', () => {
    const report = diffTools(new Map([['soft', tool({})]]), new Map([['soft', tool({}, { text: H('8') })], ['new', tool({})]]));
    expect(report.breaking).toBe(false);
  });

  it('first generation: everything added', () => {
    expect(diffTools(undefined, after)).toEqual<ChangeReport>({ firstGeneration: true, added: ['Another', 'hard', 'keep', 'new', 'soft'], removed: [], changed: [], breaking: false });
  });

  it('a tool named __proto__ is just a name', () => {
    const report = diffTools(new Map([['__proto__', tool({})]]), new Map([['constructor', tool({})]]));
    expect(report.added).toEqual(['constructor']);
    expect(report.removed).toEqual(['__proto__']);
  });
});
