// Writes a manifest (and its schema files) to a scratch directory and maps it like `openapi-mcp tools`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';
import { UserError, type Diagnostic } from '../../src/diagnostics.js';
import { mapSpec, type MapSpecResult } from '../../src/map-spec.js';

const scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-manifest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `files`: path → text (objects are written as JSON). The manifest is `files['tools.yaml' | 'tools.json']`. */
export function writeTree(files: Record<string, string | object>): string {
  const dir = mkdtempSync(join(scratch, 'case-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), typeof text === 'string' ? text : JSON.stringify(text, null, 2));
  }
  return dir;
}

/** A manifest with these tools (and any extra root fields). */
export function manifestWith(tools: unknown[], extra: Record<string, unknown> = {}): object {
  return { toolManifest: 1, info: { title: 'Test', version: '1.0.0' }, tools, ...extra };
}

export type Mapped = { ok: true; result: MapSpecResult } | { ok: false; message: string; diagnostics: Diagnostic[] };

export async function mapTree(files: Record<string, string | object>, input = 'tools.json', dirOut?: (dir: string) => void): Promise<Mapped> {
  const dir = writeTree(files);
  dirOut?.(dir);
  try {
    return { ok: true, result: await mapSpec(input, { cwd: dir }) };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { ok: false, message: error.message, diagnostics: [...error.diagnostics] };
  }
}

/** The `[code, pointer, message]` of each error a manifest gives (the run must fail). */
export async function errorsOf(files: Record<string, string | object>): Promise<[string, string | undefined, string][]> {
  const mapped = await mapTree(files);
  if (mapped.ok) throw new Error(`expected errors, got ${mapped.result.tools.tools.length} tools`);
  return mapped.diagnostics.map((d) => [d.code, d.pointer, d.message]);
}

export async function toolsOf(files: Record<string, string | object>): Promise<MapSpecResult> {
  const mapped = await mapTree(files);
  if (!mapped.ok) throw new Error(`${mapped.message}\n${mapped.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n')}`);
  return mapped.result;
}
