import { describe, expect, it } from 'vitest';
import { convertSchema } from '../../src/normalize/schema.js';
import { FLOOR_STEPS, patternChecks } from '../../src/normalize/pattern-checks.js';
import { PATTERN_STEPS } from '../../src/normalize/pattern-budget.js';
import { AT, stubContext } from './schema-test-kit.js';

// ^(ab|a)?…x$ with 20 groups is kept after about 206,000 steps (40 ms): thousands of distinct ones took minutes in all.
const costly = (suffix: string): string => `^${'(ab|a)?'.repeat(20)}${suffix}$`;
const spent = (total: string): string =>
  `can take too long to match (the checks of this spec's patterns used up their ${total} steps in all, too complex to check in what was left: one argument could stall the server); ignored`;

describe('patternChecks', () => {
  it('drops a costly pattern once the run has spent its total, and still checks ordinary ones', () => {
    const checks = patternChecks(450_000);
    expect(checks.check(costly('x'))).toEqual({ pattern: costly('x') });
    expect(checks.check(costly('y'))).toEqual({ pattern: costly('y') });
    const left = checks.left();
    expect(left).toBeLessThan(PATTERN_STEPS);
    expect(checks.check(costly('z'))).toEqual({ problem: spent('450,000') });
    expect(checks.left()).toBe(0);
    // each further pattern gets FLOOR_STEPS: enough for a UUID, a date or a plain class
    const uuid = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
    expect(checks.check(uuid)).toEqual({ pattern: uuid });
    expect(checks.check('^[a-z0-9-]+$')).toEqual({ pattern: '^[a-z0-9-]+$' });
    expect(checks.check('^(a+)+$')).toHaveProperty('problem', expect.stringContaining('exponential'));
    expect(FLOOR_STEPS).toBeLessThan(PATTERN_STEPS / 100);
  });

  it('checks a pattern repeated over many schemas once: the repeats cost nothing', () => {
    const checks = patternChecks(400_000);
    expect(checks.check(costly('x'))).toEqual({ pattern: costly('x') });
    const left = checks.left();
    for (let i = 0; i < 100; i++) expect(checks.check(costly('x'))).toEqual({ pattern: costly('x') });
    expect(checks.left()).toBe(left);
  });

  it('is what schema conversion uses when the context has it', () => {
    const ctx = { ...stubContext('3.1'), patterns: patternChecks(0) };
    expect(convertSchema({ type: 'string', pattern: costly('x') }, ctx, AT)).toEqual({ type: 'string' });
    expect(ctx.diagnostics.items.map((d) => [d.code, d.pointer, d.message])).toEqual([
      ['schema-invalid', '/components/schemas/Thing/pattern', `"pattern" "^(ab|a)?(ab|a)?(ab|a)?(ab|a)?(ab|a)?(ab|…" ${spent('0')}`],
    ]);
  });
});
