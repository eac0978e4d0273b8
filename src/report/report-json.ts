/**
 * The JSON that `generate --report <file>` writes: one entry per generated API (one unless a config
 * file lists several), in run order.
 *
 * ```jsonc
 * {
 *   "format": 1,
 *   "apis": [{
 *     "input": "spec.yaml",            // relative to the config file's directory (a URL as it is);
 *     "output": "server",              // without a config file, relative to the report file's directory
 *     "mode": "write",                 // or "check": then everything below is what *would* change
 *     "skipped": false,                // true: inputs and options unchanged, nothing loaded or written
 *     "upToDate": false,               // true: no file created, updated or removed
 *     "toolCount": 1223,
 *     "firstGeneration": false,        // no earlier tool list: every tool is in "added"
 *     "breaking": true,                // a tool removed or a breaking change (see change-report.ts)
 *     "tools": {
 *       "added": ["createWidget"], "removed": ["deleteWidget"],
 *       "changed": [{ "tool": "getRepo", "breaking": true,
 *                     "changes": [{ "kind": "argument-required", "argument": "owner", "breaking": true,
 *                                   "message": "argument \"owner\" is now required" }] }],
 *       // and "renamed": [{ "from": "getPet", "to": "showPet", "endpoint": "GET /pets/{id}" }] (see change-report.ts)
 *     },
 *     "baseUrl": { "before": "https://api.example.com", "after": null },  // only when it changed (null: none)
 *     "files": { "created": [], "updated": [], "removed": [], "overwritten": [], "kept": [] },
 *     // and "unused": [...] in "files" when user files (a removed tool's src/handlers/<name>.ts) are no longer used
 *     "cost": {                        // absent for a skipped run; tokens of the tools/list answer (o200k_base)
 *       "tokenizer": "o200k_base", "tools": 1223, "tokens": 347932, "bytes": 1350000,
 *       "inputSchema": 213881, "outputSchema": 8500, "descriptions": 70000, "median": 235,
 *       "budget": 50000, "overBudget": true,
 *       "top": [{ "name": "repos_update-org-ruleset", "tokens": 3218 }],          // 10 most expensive
 *       "toolsets": [{ "name": "actions", "tools": 187, "tokens": 45795 }]         // as --list-toolsets: the root tags' order, then by name
 *     }
 *   }]
 * }
 * ```
 * Tool names are sorted, files (relative to the API's output directory) in write order; `kind` is one of `ChangeKind`. A skipped run reports
 * no changes. Written after every API ran, so a failed run writes no report; `--watch` writes none.
 */
import type { ChangeReport, ToolChange } from './change-report.js';
import { costReport, type CostReport } from './cost-summary.js';
import type { ToolListCost } from './token-cost.js';
import type { WriteMode, WriteReport } from '../write/write-plan.js';

export interface ApiReport {
  input: string;
  output: string;
  mode: WriteMode;
  skipped: boolean;
  upToDate: boolean;
  toolCount: number;
  firstGeneration: boolean;
  breaking: boolean;
  tools: { added: string[]; removed: string[]; changed: ToolChange[]; renamed?: { from: string; to: string; endpoint: string }[] };
  /** Set when the server's default base URL changed. */
  baseUrl?: { before: string | null; after: string | null };
  files: { created: string[]; updated: string[]; removed: string[]; overwritten: string[]; kept: string[]; unused?: string[] };
  /** What tools/list costs a model (absent for a skipped run); see cost-summary.ts. */
  cost?: CostReport;
}

export interface RunReport {
  format: 1;
  apis: ApiReport[];
}

/** One API's entry, from what `generate` returned. */
export function apiReport(
  where: { input: string; output: string; mode: WriteMode; budget: number },
  result: { skipped: boolean; toolCount: number; changes: ChangeReport; report: WriteReport; cost?: ToolListCost },
): ApiReport {
  const { changes, report } = result;
  const { budget, ...place } = where;
  return {
    ...place,
    skipped: result.skipped,
    upToDate: report.upToDate,
    toolCount: result.toolCount,
    firstGeneration: changes.firstGeneration,
    breaking: changes.breaking,
    tools: { added: changes.added, removed: changes.removed, changed: changes.changed, ...(changes.renamed !== undefined ? { renamed: changes.renamed } : {}) },
    ...(changes.baseUrl !== undefined ? { baseUrl: changes.baseUrl } : {}),
    files: { created: report.created, updated: report.updated, removed: report.removed, overwritten: report.overwritten, kept: report.kept, ...(report.unused !== undefined ? { unused: report.unused } : {}) },
    ...(result.cost !== undefined ? { cost: costReport(result.cost, budget) } : {}),
  };
}

export function renderRunReport(apis: readonly ApiReport[]): string {
  const report: RunReport = { format: 1, apis: [...apis] };
  return JSON.stringify(report, null, 2) + '\n';
}
