import { describe, expect, it } from 'vitest';
import { planCases } from '../../bench/lib/cases.mjs';
import { budgetLines, buildRows } from '../../bench/lib/report.mjs';

describe('ours-generate-noop', () => {
  it('times a rerun: the same generate command, prepared by an untimed first run into the same dir', () => {
    const [noop] = planCases({
      specs: [{ label: 'github', path: '/specs/github.json' }],
      cases: ['ours-generate-noop'],
      peerAll: false,
      peerBin: undefined,
      oursBin: 'dist/cli/bin.js',
      oursUnavailable: undefined,
    });
    expect(noop?.needsOutDir).toBe(true);
    expect(noop?.prepareArgs?.('/tmp/o')).toEqual(['dist/cli/bin.js', 'generate', '/specs/github.json', '--out', '/tmp/o']);
    expect(noop?.nodeArgs('/tmp/o')).toEqual(['dist/cli/bin.js', 'generate', '/specs/github.json', '--out', '/tmp/o']);
    expect(noop?.skip).toBeUndefined();
  });

  it('is skipped on map-only specs like the other heavy cases', () => {
    const [noop] = planCases({
      specs: [{ label: 'msgraph', path: '/specs/msgraph.json', mapOnly: true }],
      cases: ['ours-generate-noop'],
      peerAll: false,
      peerBin: undefined,
      oursBin: 'dist/cli/bin.js',
      oursUnavailable: undefined,
    });
    expect(noop?.skip?.status).toBe('skipped');
  });

  const samples = (...ms: number[]) => ms.map((m) => ({ ms: m, rssKb: 100_000 }));
  const cases: { name: string; given: [number[], number[]]; want: string[] }[] = [
    { name: 'within budget', given: [[1000, 1100, 900], [200, 150, 250]], want: ['ours-generate-noop github: 200 ms = 0.20x ours-generate (budget 0.25x) ok'] },
    { name: 'over budget', given: [[1000], [300]], want: ['ours-generate-noop github: 300 ms = 0.30x ours-generate (budget 0.25x) OVER'] },
    { name: 'no full generation to compare with', given: [[], [300]], want: [] },
  ];
  for (const { name, given, want } of cases) {
    it(`budget line: ${name}`, () => {
      const rows = buildRows([
        { case: 'ours-generate', spec: 'github', status: given[0].length > 0 ? 'ok' : 'failed', samples: samples(...given[0]) },
        { case: 'ours-generate-noop', spec: 'github', status: 'ok', samples: samples(...given[1]) },
      ]);
      expect(budgetLines(rows)).toEqual(want);
    });
  }
});
