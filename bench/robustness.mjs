#!/usr/bin/env node
// Robustness run, as a new user would: `tools --json` and `generate` on every spec in a folder
// (default ../shared/specs, plus the DigitalOcean multi-file root), reporting per spec the exit
// code, tools, warnings and time, and every crash (a stack trace) or hang (timeout). Not a test:
// the folder is not part of the repo. Usage: node bench/robustness.mjs [dir] [--generate]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const args = process.argv.slice(2);
const dir = resolve(args.find((a) => !a.startsWith('--')) ?? join(root, '../shared/specs'));
const withGenerate = args.includes('--generate');
const bin = join(root, 'dist/cli/bin.js');
if (!existsSync(bin)) {
  console.error('build first: npm run build');
  process.exit(1);
}
const specs = readdirSync(dir).filter((f) => /\.(json|ya?ml)$/.test(f)).map((f) => join(dir, f));
if (existsSync(join(dir, 'digitalocean/DigitalOcean-public.v2.yaml'))) specs.push(join(dir, 'digitalocean/DigitalOcean-public.v2.yaml'));

let problems = 0;
const run = (argv) => {
  const start = performance.now();
  const r = spawnSync(process.execPath, [bin, ...argv], { encoding: 'utf8', timeout: 120_000, maxBuffer: 1 << 30 });
  return { ...r, ms: Math.round(performance.now() - start) };
};
console.log(['spec', 'tools', 'exit', 'tools', 'warnings', 'ms', ...(withGenerate ? ['generate', 'ms'] : [])].join('\t'));
for (const spec of specs) {
  const t = run(['tools', spec, '--json']);
  let count = '?';
  try {
    count = String(JSON.parse(t.stdout).tools.length);
  } catch {}
  const crashed = t.error !== undefined || /\n\s+at /.test(t.stderr);
  const warnings = t.stderr.split('\n').filter((l) => l.startsWith('warning ')).length;
  const row = [spec.slice(dir.length + 1), crashed ? 'CRASH' : 'ok', t.status, count, warnings, t.ms];
  if (crashed) problems++;
  if (withGenerate) {
    const out = mkdtempSync(join(tmpdir(), 'robustness-'));
    const g = run(['generate', spec, '--out', join(out, 'pkg')]);
    const bad = g.status !== 0 || /\n\s+at /.test(g.stderr);
    if (bad) problems++;
    row.push(bad ? `FAIL ${g.stderr.split('\n').find((l) => l.trim() !== '') ?? ''}` : 'ok', g.ms);
    rmSync(out, { recursive: true, force: true });
  }
  console.log(row.join('\t'));
  if (crashed) console.log(t.stderr.slice(0, 2000));
}
console.log(problems === 0 ? `no crash, no hang in ${specs.length} specs` : `${problems} problem(s)`);
