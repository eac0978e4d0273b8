import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planRuns, type PlanFlags, type RunPlan } from '../../src/config/plan-runs.js';
import { UserError } from '../../src/diagnostics.js';

/**
 * A project at <dir> with `openapi-mcp.config.json` (two APIs), `other/alt.config.json` (one API) and
 * the working directory `<dir>` unless a case says `cwd: 'sub'`. Paths in `want` are relative to <dir>.
 */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-plan-'));
  writeFileSync(
    join(dir, 'openapi-mcp.config.json'),
    JSON.stringify({ strict: true, apis: [{ input: 'specs/a.yaml', output: 'out/a', name: 'a-mcp' }, { input: 'specs/b.yaml', output: 'out/b', nameStyle: 'spec' }] }),
  );
  mkdirSync(join(dir, 'other'));
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'other/alt.config.json'), JSON.stringify({ input: '../specs/a.yaml', output: 'gen' }));
  return dir;
}

type Want = { configFile?: string; runs: { input: string; output: string; outputDisplay: string; options: object }[] };

function relativeTo(dir: string, plan: RunPlan): Want {
  const rel = (p: string): string => (p.startsWith(dir + '/') ? p.slice(dir.length + 1) : p);
  return {
    ...(plan.configFile !== undefined ? { configFile: rel(plan.configFile) } : {}),
    runs: plan.runs.map((r) => ({ input: rel(r.input), output: rel(r.output), outputDisplay: r.outputDisplay, options: r.options })),
  };
}

describe('planRuns', () => {
  const cases: { name: string; spec?: string; flags: PlanFlags; cwd?: string; want: Want }[] = [
    {
      name: 'no spec: every API of the config, shared options merged',
      flags: {},
      want: {
        configFile: 'openapi-mcp.config.json',
        runs: [
          { input: 'specs/a.yaml', output: 'out/a', outputDisplay: 'out/a', options: { strict: true, name: 'a-mcp' } },
          { input: 'specs/b.yaml', output: 'out/b', outputDisplay: 'out/b', options: { strict: true, nameStyle: 'spec' } },
        ],
      },
    },
    {
      name: 'no spec: flags override the file for every API',
      flags: { strict: false, nameStyle: 'portable', sensitive: ['pin'], check: true, verbose: true },
      want: {
        configFile: 'openapi-mcp.config.json',
        runs: [
          { input: 'specs/a.yaml', output: 'out/a', outputDisplay: 'out/a', options: { strict: false, name: 'a-mcp', nameStyle: 'portable', sensitive: ['pin'] } },
          { input: 'specs/b.yaml', output: 'out/b', outputDisplay: 'out/b', options: { strict: false, nameStyle: 'portable', sensitive: ['pin'] } },
        ],
      },
    },
    {
      name: 'a spec the config (--config) lists: that API alone, with its options and output',
      spec: './specs/b.yaml',
      flags: { config: 'openapi-mcp.config.json', validate: true },
      want: { configFile: 'openapi-mcp.config.json', runs: [{ input: 'specs/b.yaml', output: 'out/b', outputDisplay: 'out/b', options: { strict: true, nameStyle: 'spec', validate: true } }] },
    },
    {
      name: 'a listed spec with --config, --out and --name',
      spec: 'specs/a.yaml',
      flags: { config: 'openapi-mcp.config.json', out: 'elsewhere', name: 'x-mcp' },
      want: { configFile: 'openapi-mcp.config.json', runs: [{ input: 'specs/a.yaml', output: 'elsewhere', outputDisplay: 'elsewhere', options: { strict: true, name: 'x-mcp' } }] },
    },
    {
      name: 'a spec without --config: the flags alone, the config in the working directory not read (finding 13)',
      spec: 'specs/c.yaml',
      flags: { out: 'c', nameStyle: 'spec' },
      want: { runs: [{ input: 'specs/c.yaml', output: 'c', outputDisplay: 'c', options: { nameStyle: 'spec' } }] },
    },
    {
      name: 'a spec the config lists, without --config: the flags alone too',
      spec: 'specs/a.yaml',
      flags: { out: 'a' },
      want: { runs: [{ input: 'specs/a.yaml', output: 'a', outputDisplay: 'a', options: {} }] },
    },
    {
      name: '--config: paths relative to that file, output shown relative to the working directory',
      flags: { config: 'other/alt.config.json' },
      want: { configFile: 'other/alt.config.json', runs: [{ input: 'specs/a.yaml', output: 'other/gen', outputDisplay: 'other/gen', options: {} }] },
    },
    {
      name: '--config with one API takes --out',
      flags: { config: 'other/alt.config.json', out: 'o' },
      want: { configFile: 'other/alt.config.json', runs: [{ input: 'specs/a.yaml', output: 'o', outputDisplay: 'o', options: {} }] },
    },
    {
      name: 'no config in a subdirectory: a plain run',
      spec: '../specs/a.yaml',
      cwd: 'sub',
      flags: { out: '../o' },
      want: { runs: [{ input: 'specs/a.yaml', output: 'o', outputDisplay: '../o', options: {} }] },
    },
  ];
  for (const { name, spec, flags, cwd, want } of cases) {
    it(name, async () => {
      const dir = project();
      expect(relativeTo(dir, await planRuns(spec, flags, { cwd: cwd === undefined ? dir : join(dir, cwd) }))).toEqual(want);
    });
  }

  const bad: { name: string; spec?: string; flags: PlanFlags; cwd?: string; want: string }[] = [
    { name: 'nothing to do', flags: {}, cwd: 'sub', want: 'no spec given and no config file here (looked for openapi-mcp.config.ts, openapi-mcp.config.mts, openapi-mcp.config.js, openapi-mcp.config.mjs, openapi-mcp.config.json); run openapi-mcp generate <spec> --out <dir>, or pass --config <file>' },
    { name: 'a spec without --out or config', spec: 'a.yaml', flags: {}, cwd: 'sub', want: '--out <dir> is required (or --config <file> with a config that lists a.yaml)' },
    { name: 'an unlisted spec without --out', spec: 'specs/c.yaml', flags: {}, want: '--out <dir> is required (or --config <file> with a config that lists specs/c.yaml)' },
    { name: '--out with several APIs', flags: { out: 'x' }, want: '--out names one package but openapi-mcp.config.json has 2 APIs; set it per API in the file' },
    { name: '--name with several APIs', flags: { name: 'x' }, want: '--name names one package but openapi-mcp.config.json has 2 APIs; set it per API in the file' },
    { name: '--config and a spec it does not list', spec: 'specs/b.yaml', flags: { config: 'other/alt.config.json', out: 'o' }, want: 'specs/b.yaml is not an input of other/alt.config.json (its inputs: specs/a.yaml)' },
    { name: '--config missing', flags: { config: 'nope.json' }, want: 'cannot read config nope.json: no such file' },
  ];
  for (const { name, spec, flags, cwd, want } of bad) {
    it(`rejects: ${name}`, async () => {
      const dir = project();
      await expect(planRuns(spec, flags, { cwd: cwd === undefined ? dir : join(dir, cwd) })).rejects.toThrow(new UserError(want));
    });
  }
});
