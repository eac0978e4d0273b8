import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toolsJson } from '../../src/cli/tools-command.js';
import { formatDiagnostic, displayDiagnostic } from '../../src/diagnostics.js';
import { mapSpec } from '../../src/map-spec.js';
import { toolProblems } from '../support/tool-validity.js';

const FIXTURES = new URL('../fixtures/specs/', import.meta.url);
const specs = readdirSync(FIXTURES).filter((f) => /\.(json|ya?ml)$/.test(f)).sort();

/**
 * Golden mappings: each fixture's `tools --json` output and its warnings, committed under
 * test/golden/mapping/. A change to a golden is a change of behaviour: review it.
 */
describe('golden mappings of the fixture specs', () => {
  for (const spec of specs) {
    it(spec, async () => {
      const result = await mapSpec(`test/fixtures/specs/${spec}`);
      expect(toolProblems(result.tools.tools.map((t) => t.definition))).toEqual([]);
      await expect(toolsJson(result.tools, 2)).toMatchFileSnapshot(`mapping/${spec}.tools.json`);
      const warnings = result.diagnostics.items.map((d) => formatDiagnostic(displayDiagnostic(d, result.loaded))).join('\n');
      await expect(warnings + '\n').toMatchFileSnapshot(`mapping/${spec}.warnings.txt`);
    });
  }
});
