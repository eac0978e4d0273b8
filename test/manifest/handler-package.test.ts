// The package a manifest generates: user-owned handler stubs, the typed handler table, and what
// regeneration does to the user's handlers (kept, reported, type-checked against the new schemas).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitPackage } from '../../src/emit/emit-package.js';
import { mapSpec } from '../../src/map-spec.js';
import { run } from '../support/generated-package.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';

const FIXTURE = join(REPO_ROOT, 'test/fixtures/manifest/notes');
const scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-handlers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('emitPackage for a manifest', () => {
  it('adds one user-owned stub per tool, the handler table and types, and passes the handlers to main', async () => {
    const { tools } = await mapSpec(join(FIXTURE, 'tools.yaml'));
    const files = new Map(emitPackage(tools).files.map((f) => [f.path, f]));
    const stubs = [...files.values()].filter((f) => f.path.startsWith('src/handlers/'));
    expect(stubs.map((f) => [f.path, f.owner])).toEqual([
      ['src/handlers/add_note.ts', 'user'],
      ['src/handlers/get_note.ts', 'user'],
      ['src/handlers/list_notes.ts', 'user'],
    ]);
    expect(files.get('src/handlers/get_note.ts')!.contents).toBe([
      'import { notImplemented, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";',
      '',
      '/**',
      ' * The handler of tool get_note. This file is yours: openapi-mcp created it once and never',
      " * overwrites it. Return the result as data (checked against the tool's output schema), or a",
      ' * CallToolResult ({ content: [...] }); throw ToolError for an expected failure.',
      ' */',
      'export default async function (args: Args<"get_note">, ctx: HandlerContext): Promise<Output<"get_note">> {',
      '  return notImplemented("get_note");',
      '}',
      '',
    ].join('\n'));
    expect(files.get('src/handlers.gen.ts')!.contents).toContain('  "list_notes": h3 satisfies Handler<"list_notes">,\n');
    expect(files.get('src/handler-types.gen.ts')!.contents).toContain('  "list_notes": { args: part_first.ListNotesArgs; result: part_first.ListNotesResult };\n');
    expect(files.get('src/main.ts')!.contents).toContain('await main({ config, catalog, tools, hooks, handlers, argv: process.argv.slice(2), env: process.env, packageJson: new URL("../package.json", import.meta.url) });');
    expect(files.get('README.md')!.contents).toContain('| `get_note` | `src/handlers/get_note.ts` | `Mcp-Param-Note-Id` | `getNote` |');
    // The README says which calls ask the user first and what a client without forms gets, with the real variable names.
    const readme = files.get('README.md')!.contents;
    expect(readme).toContain('### Confirmation before destructive tools');
    expect(readme).toContain('The policy is `--confirm` (or\n`NOTES_CONFIRM`; default `destructive`)');
    expect(readme).toContain('`--confirm none` (or set `NOTES_CONFIRM=none`) to allow such calls.');
    expect(readme).toContain('signed and encrypted with the `NOTES_STATE_KEY` secret');
    // No upstream: no base URL or timeout variables (the confirmation policy applies to handlers too).
    expect(files.get('.env.example')!.contents).not.toMatch(/BASE_URL|TIMEOUT_MS|RETRY_BUDGET_MS/);
    expect(files.get('.env.example')!.contents).toMatch(/^NOTES_CONFIRM=$/m);
  });

  it('an OpenAPI package has no handler files', async () => {
    const { tools } = await mapSpec(join(REPO_ROOT, 'examples/petstore/petstore.yaml'));
    const paths = emitPackage(tools).files.map((f) => f.path);
    expect(paths.filter((p) => p.startsWith('src/handler'))).toEqual([]);
    expect(paths).toContain('src/main.ts');
  });
});

describe('regenerating a manifest package', () => {
  it('keeps every handler, stubs new tools, reports removed ones, and the build names the handler that no longer fits', () => {
    const root = mkdtempSync(join(scratch, 'regen-'));
    cpSync(FIXTURE, join(root, 'notes'), { recursive: true });
    const manifest = join(root, 'notes/tools.yaml');
    const out = join(root, 'server');
    const generate = (...extra: string[]) => runCli(['generate', manifest, '--out', out, '--name', 'notes-mcp', ...extra], { cwd: root });

    const first = generate();
    expect(first.stderr).toMatch(/^3 tools → .*server \(\d+ created, 0 updated, 0 removed\)\n$/);
    expect(first.code).toBe(0);
    expect(readFileSync(join(out, 'src/handlers/add_note.ts'), 'utf8')).toContain('return notImplemented("add_note");');
    // The user writes real handlers (and a store of their own).
    cpSync(join(FIXTURE, 'handlers'), join(out, 'src/handlers'), { recursive: true });
    cpSync(join(FIXTURE, 'store'), join(out, 'src/store'), { recursive: true });
    const written = readFileSync(join(out, 'src/handlers/get_note.ts'), 'utf8');
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], out);
    run('npm', ['run', 'build'], out);

    // The manifest changes: list_notes goes, delete_note comes, get_note's id becomes a string.
    const listNotes = [
      '  - name: list_notes',
      '    description: Lists every note, newest first.',
      "    input: { type: object, properties: { tag: { type: string } } }",
      "    output: { type: array, items: { $ref: '#/$defs/Note' } }",
    ].join('\n');
    const deleteNote = '  - name: delete_note\n    description: Deletes a note.\n    input: { type: object, properties: { id: { type: integer } }, required: [id] }';
    const before = readFileSync(manifest, 'utf8');
    expect(before).toContain(listNotes);
    writeFileSync(manifest, before.replace(listNotes, deleteNote).replace('id: { type: integer, x-mcp-header: Note-Id }', 'id: { type: string, x-mcp-header: Note-Id }'));
    const second = generate('--report', join(root, 'report.json'));
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('src/handlers/list_notes.ts is no longer used');
    expect(second.stderr).toContain('  + delete_note\n');
    expect(second.stderr).toContain('  - list_notes (breaking: tool removed)\n');
    expect(second.stderr).toContain('  ~ get_note: argument "id" type integer → string (breaking)\n');
    expect(readFileSync(join(out, 'src/handlers/get_note.ts'), 'utf8')).toBe(written);
    expect(existsSync(join(out, 'src/handlers/list_notes.ts'))).toBe(true);
    expect(readFileSync(join(out, 'src/handlers/delete_note.ts'), 'utf8')).toContain('return notImplemented("delete_note");');
    const report = JSON.parse(readFileSync(join(root, 'report.json'), 'utf8')) as { apis: { files: { unused?: string[] } }[] };
    expect(report.apis[0]!.files.unused).toEqual(['src/handlers/list_notes.ts']);

    // The build points at the handlers that no longer fit: get_note (id is a string now) and the
    // unused list_notes (its tool is gone).
    let failure = '';
    try {
      run('npm', ['run', 'build'], out);
    } catch (error) {
      failure = String(error);
    }
    expect(failure).toMatch(/src\/handlers\/get_note\.ts\(\d+,\d+\): error TS2345/);
    expect(failure).toMatch(/src\/handlers\/list_notes\.ts\(\d+,\d+\): error TS2344/);
    expect(failure).not.toMatch(/src\/handlers\/(add_note|delete_note)\.ts/);

    // Once the user deletes the unused handler and fixes get_note, it builds again; nothing more is reported.
    rmSync(join(out, 'src/handlers/list_notes.ts'));
    writeFileSync(join(out, 'src/handlers/get_note.ts'), written.replace('notes.get(args.id)', 'notes.get(Number(args.id))'));
    run('npm', ['run', 'build'], out);
    const third = generate('--force');
    expect(third.code).toBe(0);
    expect(third.stderr).not.toContain('no longer used');
  }, 120_000);
});
