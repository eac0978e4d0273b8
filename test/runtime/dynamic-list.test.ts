import { fileURLToPath } from 'node:url';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { SEARCH_SETS, fixtureModel } from '../../bench/lib/search-quality.mjs';
import { withLineTokens } from '../../src/emit/tool-search-files.js';
import { loadSpec } from '../../src/load/load-spec.js';
import { mapToTools } from '../../src/map/map-tools.js';
import type { Tool } from '../../src/model/tool-model.js';
import { normalizeSpec } from '../../src/normalize/normalize-spec.js';
import { loadTokenCounterSync } from '../../src/report/token-cost.js';
import { apiPhrase, DYNAMIC_LIST_MAX_TOKENS, dynamicToolList, FIXED_TOKENS, listBudget, toolsetLines } from '../../templates/runtime/dynamic-list.gen.js';
import { buildCatalog, toolsetLine, toolsetLineJson, type ToolCatalogData } from '../../templates/runtime/search-core.gen.js';
import { fixtureConfig, sampleCatalog as small } from './server-fixtures.js';

/**
 * The dynamic tools/list stays within 1,500 tokens for any API: the fixed part is counted here,
 * and the toolset lines stop by the tokens the generator counted for each (withLineTokens), or by
 * their bytes in a catalog without counts. Counted with gpt-tokenizer's o200k_base itself.
 */
const config = { ...fixtureConfig };
const count = loadTokenCounterSync();
const tokensOf = (tools: unknown): number => countTokens(JSON.stringify({ tools }));
const every = (catalog: ToolCatalogData): number[] => catalog.tools.map((_, i) => i);


/** `n` toolsets of 19 tools each, described by `describe(i)`, with the generator's counts or without. */
function catalogOf(n: number, describe: (i: number) => string, counted: boolean): ToolCatalogData {
  const toolsets = Array.from({ length: n }, (_, i) => ({ name: `users.someLongToolsetName${i}`, description: describe(i), tools: 19 }));
  const tools = Array.from({ length: n * 19 }, (_, i) => ({ name: `tool${i}`, summary: '', toolset: i % n, readOnly: i % 2 === 0 }));
  const catalog = { toolsets, tools };
  return counted ? withLineTokens(catalog, count) : catalog;
}

describe('dynamic tools/list', () => {
  it('lists every selected toolset, one line each, when they fit', () => {
    expect(toolsetLines(small, [0, 2, 3], 1_000)).toBe('Toolsets (pass one as toolset to search only there):\n- issues (1): Interact with issues.\n- repos (2)');
  });

  it("lists the toolsets in the catalog's order (toolsetOrder), as --list-toolsets, also when only the largest fit", () => {
    // small: issues, repos, Users (not name order: "U" sorts before "i")
    expect(toolsetLines(small, every(small), 1_000).split('\n').slice(1)).toEqual(['- issues (2): Interact with issues.', '- repos (2)', '- Users (1)']);
    const catalog = catalogOf(600, (i) => `Toolset ${i}`, true);
    const lines = toolsetLines(catalog, every(catalog), 300).split('\n').slice(1, -1);
    const shown = lines.map((line) => Number(/someLongToolsetName(\d+) /.exec(line)![1]));
    expect(shown.length).toBeGreaterThan(2);
    expect(shown).toEqual([...shown].sort((a, b) => a - b)); // catalog positions ascending, not "…Name10" before "…Name2"
  });

  it('names the API once, reading well whatever its title (not "Stripe API API tools")', () => {
    expect(apiPhrase('Stripe API')).toBe('the Stripe API');
    expect(apiPhrase('The  Kubernetes\nAPI')).toBe('the Kubernetes API');
    expect(apiPhrase("GitHub's official OpenAPI spec + Octokit extension")).toBe("this API (GitHub's official OpenAPI spec + Octokit extension)");
    expect(apiPhrase('Microsoft Graph v1.0')).toBe('this API (Microsoft Graph v1.0)');
    expect(apiPhrase(' ')).toBe('this API');
    expect(apiPhrase(`A ${'very '.repeat(40)}long title`)).toMatch(/^this API \(A very .{80,}…\)$/);
    const [search, describeTool, call] = dynamicToolList({ ...config, title: 'Stripe API' }, small, [0, 1, 2]);
    expect(search!.description).toMatch(/^Finds tools for a task among the 3 tools of the Stripe API\. Returns/);
    expect(dynamicToolList({ ...config, title: 'Shop' }, small, [0])[0]!.description).toMatch(/^Finds tools for a task among the 1 tool of this API \(Shop\)\. /);
    expect(describeTool!.description).toBe('Describes tools by name (from search_tools): each Tool exactly as tools/list would list it, with its inputSchema for call_tool.');
    expect(call!.description).toBe("Calls one tool by name (from search_tools) with its arguments, as its inputSchema from describe_tools says, and returns that tool's result.");
  });

  it('FIXED_TOKENS covers everything but the name and the toolset lines, for a count of up to 7 digits', () => {
    const huge: ToolCatalogData = withLineTokens({ toolsets: [{ name: 'x', description: '', tools: 9_999_999 }], tools: [] }, count);
    const positions = { length: 9_999_999 } as unknown as number[]; // every tool: the catalog's tools stay unread
    const listed = dynamicToolList({ ...config, title: '' }, huge, positions);
    expect(listed[0]!.description).toContain('among the 9999999 tools of this API.');
    const fixed = tokensOf(listed) - countTokens(JSON.stringify(apiPhrase('')).slice(1, -1)) - huge.toolsets[0]!.tokens!;
    expect(fixed).toBeLessThanOrEqual(FIXED_TOKENS);
    expect(fixed).toBeGreaterThan(FIXED_TOKENS - 30); // no more slack than that
    expect(countTokens(toolsetLineJson('- … and 99999 smaller toolsets (search without toolset finds them too)'))).toBeLessThanOrEqual(24);
  });

  it('the generator counts each line as it stands in the JSON', () => {
    const [issues] = withLineTokens(small, count).toolsets;
    expect(issues!.tokens).toBe(countTokens(JSON.stringify('\n- issues (2): Interact with issues.').slice(1, -1)));
    expect(toolsetLine('x', 3, 'y'.repeat(200))).toHaveLength(90);
  });

  const scripts: [string, (i: number) => string][] = [
    ['English', (i) => `All about the resource number ${i} and what can be done with it, described at length`],
    ['Chinese', (i) => `用户资源第${i}号的所有操作：创建、读取、更新、删除以及其他管理功能的详细说明`],
    ['Japanese', (i) => `勘定科目${i}の取得・作成・更新・削除、およびその他の会計処理に関する操作です`],
    ['digits and punctuation', (i) => `${i}.${i}-${i}/${i}: [${i}] {${i}} <${i}> ~${i}~ ${i}% #${i} @${i} ${i}!`],
  ];
  for (const [script, describe] of scripts) {
    it(`stays within 1,500 tokens for 600 toolsets in ${script}, with or without the generator's counts, whatever the title`, () => {
      for (const counted of [true, false]) {
        const catalog = catalogOf(600, describe, counted);
        for (const title of ['Microsoft Graph v1.0', 'The Microsoft Graph API. '.repeat(40), '微软图形应用程序接口的完整参考文档与示例'.repeat(5)]) {
          const listed = dynamicToolList({ ...config, title }, catalog, every(catalog));
          expect(tokensOf(listed), `${script}, counted ${counted}`).toBeLessThanOrEqual(DYNAMIC_LIST_MAX_TOKENS);
          expect(listed[0]!.description).toMatch(/- … and \d+ smaller toolsets \(search without toolset finds them too\)$/);
        }
        // A narrower selection (other counts) too.
        const some = every(catalog).filter((i) => i % 3 === 0);
        expect(tokensOf(dynamicToolList({ ...config, title: 'Graph' }, catalog, some))).toBeLessThanOrEqual(DYNAMIC_LIST_MAX_TOKENS);
      }
    });
  }

  it('uses the budget: with counts, the lines cost close to what is left of 1,500', () => {
    const catalog = catalogOf(600, scripts[0]![1], true);
    const listed = dynamicToolList({ ...config, title: 'Microsoft Graph v1.0' }, catalog, every(catalog));
    expect(tokensOf(listed)).toBeGreaterThan(DYNAMIC_LIST_MAX_TOKENS - 60);
    expect(listBudget('Microsoft Graph v1.0')).toBe(DYNAMIC_LIST_MAX_TOKENS - FIXED_TOKENS - 24 - Buffer.byteLength('"this API (Microsoft Graph v1.0)"'));
  });

  it.each(SEARCH_SETS)('stays under 1,500 tokens for $name, as its package lists it', async (set) => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const { tools, toolsetDescriptions } = await fixtureModel<Tool>(root, set, { loadSpec, normalizeSpec, mapToTools });
    const catalog = withLineTokens(buildCatalog(tools, (i) => tools[i]!.toolset ?? 'default', toolsetDescriptions), count);
    const listed = dynamicToolList({ ...config, title: set.name }, catalog, tools.map((_, i) => i));
    expect(listed.map((t) => t.name)).toEqual(['search_tools', 'describe_tools', 'call_tool']);
    expect(tokensOf(listed)).toBeLessThanOrEqual(1_500);
    if (set.name === 'GitHub REST') expect(listed[0]!.description).toContain('- repos (204): Interact with GitHub Repos.');
    // GitHub's 47 toolsets and Stripe's 60 are all listed, none left to "… and N smaller toolsets".
    if (set.name === 'GitHub REST' || set.name === 'Stripe') expect(listed[0]!.description).not.toContain('smaller toolsets');
  }, 60_000);
});
