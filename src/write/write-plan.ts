import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync, rmdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { EmitPlan } from '../model/emit-plan.js';

/** Records which files the generator wrote, so files the spec no longer needs can be removed. */
export const MANIFEST_FILE = '.openapi-mcp-manifest.json';

export type WriteMode = 'write' | 'check';

export interface WriteReport {
  created: string[];
  updated: string[];
  removed: string[];
  unchanged: number;
  /** True when the directory already matched the plan. */
  upToDate: boolean;
}

function readManifest(outDir: string): string[] {
  try {
    const data = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as { files?: unknown };
    return Array.isArray(data.files) ? data.files.filter((f): f is string => typeof f === 'string' && isInside(f)) : [];
  } catch {
    return [];
  }
}

/** A manifest entry may only name a path inside the output directory. */
function isInside(path: string): boolean {
  return path !== '' && !path.startsWith('/') && !path.split(/[\\/]/).includes('..');
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Brings `outDir` to the plan: generator-owned files are written when their bytes differ, user
 * files only when missing, files of the previous manifest that the plan no longer has are removed.
 * In `check` mode nothing is written; the report says what would change.
 */
export function writePlan(plan: EmitPlan, outDir: string, mode: WriteMode = 'write'): WriteReport {
  const report: WriteReport = { created: [], updated: [], removed: [], unchanged: 0, upToDate: false };
  const owned = plan.files.filter((f) => f.owner === 'generator').map((f) => f.path);
  const manifest = JSON.stringify({ generator: 'openapi-mcp', files: owned }, null, 2) + '\n';
  const files = [...plan.files, { path: MANIFEST_FILE, contents: manifest, owner: 'generator' as const }];
  for (const file of files) {
    const target = join(outDir, file.path);
    const current = readOrUndefined(target);
    if (current === undefined) report.created.push(file.path);
    else if (file.owner === 'user' || current === file.contents) report.unchanged++;
    else report.updated.push(file.path);
  }
  const wanted = new Set(files.map((f) => f.path));
  for (const old of readManifest(outDir)) {
    if (!wanted.has(old) && existsSync(join(outDir, old))) report.removed.push(old);
  }
  report.upToDate = report.created.length === 0 && report.updated.length === 0 && report.removed.length === 0;
  if (mode === 'check' || report.upToDate) return report;

  const byPath = new Map(files.map((f) => [f.path, f]));
  for (const path of [...report.created, ...report.updated]) {
    const target = join(outDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, byPath.get(path)!.contents);
  }
  for (const path of report.removed) {
    rmSync(join(outDir, path), { force: true });
    removeEmptyParents(outDir, dirname(path));
  }
  return report;
}

function removeEmptyParents(outDir: string, dir: string): void {
  for (let d = dir; d !== '.' && d !== ''; d = dirname(d)) {
    const full = join(outDir, d);
    if (!existsSync(full) || readdirSync(full).length > 0) return;
    rmdirSync(full);
  }
}
