import { describe, expect, it } from 'vitest';
import { parseBenchArgs, UsageError } from '../../bench/lib/args.mjs';
import type { BenchOptions } from '../../bench/lib/args.mjs';
import { formatRatio, median, ratio, summarize } from '../../bench/lib/stats.mjs';
import type { Summary } from '../../bench/lib/stats.mjs';

const DEFAULTS: BenchOptions = {
  runs: 5,
  warmup: 1,
  specs: [],
  cases: ['peer-generate', 'ours-map', 'ours-generate', 'ours-generate-noop'],
  peerAll: false,
  timeoutMs: 600_000,
  json: undefined,
  outRoot: undefined,
  help: false,
};

describe('parseBenchArgs', () => {
  const cases: { name: string; given: string[]; want: BenchOptions }[] = [
    { name: 'no arguments gives the defaults', given: [], want: DEFAULTS },
    {
      name: 'every option',
      given: [
        '--runs',
        '3',
        '--warmup',
        '0',
        '--spec',
        'a.json',
        '--spec',
        'b.yaml',
        '--peer-all',
        '--timeout',
        '20',
        '--json',
        'out.json',
        '--out-root',
        '/var/tmp/x',
      ],
      want: {
        ...DEFAULTS,
        runs: 3,
        warmup: 0,
        specs: ['a.json', 'b.yaml'],
        peerAll: true,
        timeoutMs: 20_000,
        json: 'out.json',
        outRoot: '/var/tmp/x',
      },
    },
    {
      name: 'cases keep the canonical order whatever the flag order',
      given: ['--case', 'ours-generate', '--case', 'peer-generate'],
      want: { ...DEFAULTS, cases: ['peer-generate', 'ours-generate'] },
    },
    { name: '--runs=N form', given: ['--runs=7'], want: { ...DEFAULTS, runs: 7 } },
    { name: '-h', given: ['-h'], want: { ...DEFAULTS, help: true } },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      expect(parseBenchArgs(given)).toEqual(want);
    });
  }

  const errors: { name: string; given: string[]; want: string }[] = [
    {
      name: 'non-integer runs',
      given: ['--runs', 'x'],
      want: '--runs must be an integer, got "x"',
    },
    { name: 'zero runs', given: ['--runs', '0'], want: '--runs must be at least 1, got 0' },
    {
      name: 'negative warm-up',
      given: ['--warmup=-1'],
      want: '--warmup must be an integer, got "-1"',
    },
    {
      name: 'unknown case',
      given: ['--case', 'peer-map'],
      want: 'unknown --case "peer-map" (known: peer-generate, ours-map, ours-generate, ours-generate-noop)',
    },
  ];
  for (const { name, given, want } of errors) {
    it(`rejects ${name}`, () => {
      expect(() => parseBenchArgs(given)).toThrow(new UsageError(want));
    });
  }

  it('rejects an unknown flag with a UsageError', () => {
    expect(() => parseBenchArgs(['--fast'])).toThrow(UsageError);
  });

  it('rejects a positional argument with a UsageError', () => {
    expect(() => parseBenchArgs(['spec.json'])).toThrow(UsageError);
  });
});

describe('median', () => {
  const cases: { name: string; given: number[]; want: number | undefined }[] = [
    { name: 'odd count, unsorted', given: [3, 1, 2], want: 2 },
    { name: 'even count averages the middle two', given: [4, 1, 3, 2], want: 2.5 },
    { name: 'single value', given: [7], want: 7 },
    { name: 'outlier does not move it', given: [100, 101, 5000, 99, 102], want: 101 },
    { name: 'empty', given: [], want: undefined },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      expect(median(given)).toBe(want);
    });
  }

  it('does not reorder its input', () => {
    const given = [3, 1, 2];
    median(given);
    expect(given).toEqual([3, 1, 2]);
  });
});

describe('ratio and formatRatio', () => {
  const cases: { name: string; given: [number | undefined, number | undefined]; want: string }[] = [
    { name: 'ours faster', given: [500, 2000], want: '0.25x' },
    { name: 'ours slower', given: [3000, 2000], want: '1.50x' },
    { name: 'no peer result', given: [500, undefined], want: '-' },
    { name: 'no ours result', given: [undefined, 2000], want: '-' },
    { name: 'zero peer', given: [500, 0], want: '-' },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      expect(formatRatio(ratio(...given))).toBe(want);
    });
  }
});

describe('summarize', () => {
  const cases: {
    name: string;
    given: { ms: number; rssKb: number | undefined }[];
    want: Summary;
  }[] = [
    {
      name: 'medians, min and max',
      given: [
        { ms: 30, rssKb: 300 },
        { ms: 10, rssKb: 100 },
        { ms: 20, rssKb: 200 },
      ],
      want: { medianMs: 20, minMs: 10, maxMs: 30, medianRssKb: 200 },
    },
    {
      name: 'missing RSS samples are left out of the RSS median',
      given: [
        { ms: 10, rssKb: undefined },
        { ms: 20, rssKb: 400 },
      ],
      want: { medianMs: 15, minMs: 10, maxMs: 20, medianRssKb: 400 },
    },
    {
      name: 'no samples',
      given: [],
      want: { medianMs: undefined, minMs: undefined, maxMs: undefined, medianRssKb: undefined },
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      expect(summarize(given)).toEqual(want);
    });
  }
});
