import { describe, expect, it } from 'vitest';
import { literalRef, printSourceFile, type Statement } from '../../src/emit/printer.js';

// The expected texts are what code-block-writer (the printer before) wrote for the same statements.
describe('printSourceFile', () => {
  const cases: { name: string; given: Statement[]; want: string }[] = [
    {
      name: 'imports, type-only and aliased',
      given: [
        { kind: 'import', names: ['a', { name: 'tools', alias: 'part1' }], from: './x.js' },
        { kind: 'import', typeOnly: true, names: ['T'], from: '../t.js' },
      ],
      want: 'import { a, tools as part1 } from "./x.js";\nimport type { T } from "../t.js";\n',
    },
    {
      name: 'consts with docs, a type, not exported',
      given: [
        { kind: 'const', name: 'x', type: 'T[]', initializer: '[1, 2]', docs: ['First.', 'Second.'] },
        { kind: 'const', name: 'y', initializer: '{\n  a: 1,\n}', exported: false },
      ],
      want: '/** First. */\n/** Second. */\nexport const x: T[] = [1, 2];\nconst y = {\n  a: 1,\n};\n',
    },
    {
      name: 'raw lines: empty lines kept, CRLF becomes LF, a lone CR stays',
      given: [
        { kind: 'raw', text: 'a();\r\nb();' },
        { kind: 'raw', text: '' },
        { kind: 'raw', text: 'c("\r");' },
      ],
      want: 'a();\nb();\n\nc("\r");\n',
    },
    {
      name: 'trailing empty lines collapse into one line end',
      given: [{ kind: 'raw', text: 'a();' }, { kind: 'raw', text: '' }, { kind: 'raw', text: '\n' }],
      want: 'a();\n',
    },
    {
      name: 'a module specifier is escaped like a string literal',
      given: [{ kind: 'import', names: ['a'], from: 'x"y\\z' }],
      want: 'import { a } from "x\\"y\\\\z";\n',
    },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(printSourceFile(given, [], '')).toBe(want));

  it('starts with the header and splices each literal in once', () => {
    const text = printSourceFile([{ kind: 'const', name: 'data', initializer: literalRef(0) }], ['{"a":"__openapiMcpLiteral0__"}'], '// h\n');
    expect(text).toBe('// h\nexport const data = {"a":"__openapiMcpLiteral0__"};\n');
  });

  it('refuses a placeholder that is missing or repeated', () => {
    expect(() => printSourceFile([{ kind: 'raw', text: 'x' }], ['1'])).toThrow(/exactly once/);
    expect(() => printSourceFile([{ kind: 'raw', text: `${literalRef(0)} ${literalRef(0)}` }], ['1'])).toThrow(/exactly once/);
  });
});
