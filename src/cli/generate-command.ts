import { generate } from '../generate.js';
import { printDiagnostics } from './print-diagnostics.js';

export interface GenerateFlags {
  out: string;
  name?: string;
  check?: boolean;
  strict?: boolean;
  validate?: boolean;
  nameStyle?: 'portable' | 'spec';
  sensitive?: string[];
  verbose?: boolean;
}

export async function generateCommand(spec: string, flags: GenerateFlags): Promise<void> {
  // Progress on a terminal; quiet when piped, unless --verbose asks for the stage timings.
  const progress = flags.verbose === true || process.stderr.isTTY === true;
  const result = await generate({
    input: spec,
    output: flags.out,
    mode: flags.check ? 'check' : 'write',
    ...(flags.name !== undefined ? { packageName: flags.name } : {}),
    ...(flags.nameStyle ? { nameStyle: flags.nameStyle } : {}),
    ...(flags.sensitive ? { sensitivePatterns: flags.sensitive } : {}),
    ...(flags.validate ? { validate: true } : {}),
    ...(flags.strict ? { strict: true } : {}),
    ...(progress ? { onStage: (stage, ms, detail) => process.stderr.write(`${stage.padEnd(9)} ${ms.toFixed(0).padStart(6)} ms  ${detail}\n`) } : {}),
  });
  printDiagnostics(result.diagnostics.items, result.loaded);
  const { report } = result;
  if (flags.check) {
    if (report.upToDate) {
      process.stderr.write(`${flags.out} is up to date\n`);
      return;
    }
    for (const f of report.created) process.stderr.write(`would create ${f}\n`);
    for (const f of report.updated) process.stderr.write(`would update ${f}\n`);
    for (const f of report.removed) process.stderr.write(`would remove ${f}\n`);
    process.exitCode = 1;
    return;
  }
  process.stderr.write(`${result.toolCount} tools → ${flags.out} (${report.upToDate ? 'up to date' : `${report.created.length} created, ${report.updated.length} updated, ${report.removed.length} removed`})\n`);
}
