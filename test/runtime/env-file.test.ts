import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvFileError, loadEnvFiles, parseEnvFile } from '../../templates/runtime/env-file.gen.js';

describe('parseEnvFile', () => {
  const cases: Array<{ name: string; given: string; want: Record<string, string>; bad?: number[] }> = [
    { name: 'plain assignments, comments and blank lines', given: '# a comment\nA=1\n\n  B = two words  \n', want: { A: '1', B: 'two words' } },
    { name: 'export prefix', given: 'export TOKEN=abc\n', want: { TOKEN: 'abc' } },
    { name: 'inline comment after a space; a # inside a value stays', given: 'A=x # note\nB=x#y\n', want: { A: 'x', B: 'x#y' } },
    { name: 'an unquoted empty value sets nothing (.env.example lines)', given: 'A=\nB=   \nC=# only a comment\n', want: {} },
    { name: 'quoted empty value sets the empty string', given: 'A=""\nB=\'\'\n', want: { A: '', B: '' } },
    { name: 'single quotes are literal', given: "A='a \\n $b # c'\n", want: { A: 'a \\n $b # c' } },
    { name: 'double quotes understand escapes', given: 'A="line1\\nline2 \\"q\\" \\\\ \\t"\n', want: { A: 'line1\nline2 "q" \\ \t' } },
    { name: 'a quoted value may span lines', given: 'KEY="-----BEGIN-----\nabc\n-----END-----"\nNEXT=1\n', want: { KEY: '-----BEGIN-----\nabc\n-----END-----', NEXT: '1' } },
    { name: 'CRLF line ends and a BOM', given: '\uFEFFA=1\r\nB=2\r\n', want: { A: '1', B: '2' } },
    { name: 'a later line wins within one file', given: 'A=1\nA=2\n', want: { A: '2' } },
    { name: 'lines that are not assignments are reported by number', given: 'A=1\nnot an assignment\n=x\nB="unclosed\n', want: { A: '1' }, bad: [2, 3, 4] },
    { name: 'text after a closing quote other than a comment is bad', given: 'A="x" y\nB="x" # ok\n', want: { B: 'x' }, bad: [1] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const parsed = parseEnvFile(c.given);
      expect(Object.fromEntries(parsed.entries)).toEqual(c.want);
      expect(parsed.badLines).toEqual(c.bad ?? []);
    });
  }
});

describe('loadEnvFiles', () => {
  function dirWith(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'env-file-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  }

  it('never overrides a variable already set, even to an empty value', () => {
    const dir = dirWith({ '.env': 'SET=from-file\nEMPTY=from-file\nNEW=from-file\n' });
    const env: Record<string, string | undefined> = { SET: 'from-env', EMPTY: '' };
    const report = loadEnvFiles(env, [], dir);
    expect(env).toEqual({ SET: 'from-env', EMPTY: '', NEW: 'from-file' });
    expect(report).toEqual({ files: ['.env'], set: 1, warnings: [] });
  });

  it('--env-file files come before .env, in the order given', () => {
    const dir = dirWith({ '.env': 'A=dotenv\nB=dotenv\nC=dotenv\n', 'one.env': 'A=one\n', 'two.env': 'A=two\nB=two\n' });
    const env: Record<string, string | undefined> = {};
    const report = loadEnvFiles(env, ['one.env', 'two.env'], dir);
    expect(env).toEqual({ A: 'one', B: 'two', C: 'dotenv' });
    expect(report.files).toEqual(['one.env', 'two.env', '.env']);
  });

  it('a file named twice is read once (--env-file .env, ./one.env and one.env)', () => {
    const dir = dirWith({ '.env': 'A=dotenv\nnot a line\n', 'one.env': 'B=one\n' });
    const report = loadEnvFiles({}, ['.env', 'one.env', './one.env'], dir);
    expect(report).toEqual({ files: ['.env', 'one.env'], set: 2, warnings: ['.env:2: not a NAME=value line; ignored'] });
  });

  it('no .env is fine; a missing --env-file is an error naming the file', () => {
    const dir = dirWith({});
    expect(loadEnvFiles({}, [], dir)).toEqual({ files: [], set: 0, warnings: [] });
    expect(() => loadEnvFiles({}, ['missing.env'], dir)).toThrow(new EnvFileError('cannot read --env-file missing.env (ENOENT)'));
  });

  it('a bad line is reported by file and line number, without its text', () => {
    const dir = dirWith({ '.env': 'A=1\nSECRET-VALUE-abc\n' });
    const report = loadEnvFiles({}, [], dir);
    expect(report.warnings).toEqual(['.env:2: not a NAME=value line; ignored']);
    expect(report.warnings.join('')).not.toContain('SECRET');
  });
});
