/**
 * The data start-time selection and dynamic mode read (templates/runtime/tool-selection.gen.ts,
 * dynamic-tools.gen.ts): `data/tools/catalog.json` (toolsets, one a line; per tool its name, title,
 * summary, toolset by name, read-only flag and tokens in a static tools/list, in tools/list order,
 * one tool per line, so a changed tag changes the lines of its tools and toolsets only) and
 * `data/tools/search-index.json` (the terms of search-core.gen.ts's MiniSearch index, one tool a
 * line, written here once by search-index-json.ts so the server only loads it), read by `src/tools/catalog.gen.ts`;
 * `data/tools/toolsets.json` (the toolsets alone, with their tool counts and line tokens): all a dynamic server's
 * first tools/list needs, so the catalog's tools are parsed only when first used (Microsoft
 * Graph: 2.8 MB).
 */
import type { GeneratedFile } from '../model/emit-plan.js';
import type { Tool } from '../model/tool-model.js';
import { jsonLinesText } from './code-files.js';
import { printSourceFile } from './printer.js';
import { loadTokenCounterSync, type CountTokens } from '../report/token-cost.js';
import { buildCatalog, searchDocuments, toolsetLine, toolsetLineJson, type ToolCatalogData } from '../shared/search-core.gen.js';
import { storedCatalogTool } from '../shared/search-catalog.gen.js';
import { searchIndexJson } from './search-index-json.js';

/** `declared`: the toolsets the spec's root `tags` declare, in order (ToolModel.toolsetOrder): the toolsets come in toolsetOrder. */
export function toolCatalog(
  tools: readonly Tool[],
  toolsetDescriptions: Readonly<Record<string, string>> = {},
  count: CountTokens = loadTokenCounterSync(),
  declared: readonly string[] = [],
): ToolCatalogData {
  return withLineTokens(buildCatalog(tools, (i) => tools[i]!.toolset ?? 'default', toolsetDescriptions, declared), count);
}

/**
 * Each toolset with the tokens of its line in a dynamic server's search_tools description, as
 * that line stands in the JSON (dynamic-list.gen.ts keeps the whole list within 1,500 tokens by them).
 */
export function withLineTokens(catalog: ToolCatalogData, count: CountTokens): ToolCatalogData {
  return { ...catalog, toolsets: catalog.toolsets.map((set) => ({ ...set, tokens: count(toolsetLineJson(toolsetLine(set.name, set.tools, set.description))) })) };
}

/** `costs`: each tool's cost in tools/list order (report/token-cost.ts), for the catalog's `tokens`. */
export function emitToolSearchFiles(tools: readonly Tool[], catalog: ToolCatalogData, costs?: readonly { tokens: number }[]): GeneratedFile[] {
  // One tool per line, as in the tool data (text: the list is a member of the file, not all of it).
  const toolLines = jsonLinesText(
    catalog.tools.map((tool, i) => {
      const stored = storedCatalogTool(tool, catalog.toolsets);
      return JSON.stringify(costs === undefined ? stored : { ...stored, tokens: costs[i]!.tokens });
    }),
  );
  const toolsetLines = jsonLinesText(catalog.toolsets.map((set) => JSON.stringify(set)));
  const catalogText = `{"toolsets":${toolsetLines},\n"tools":${toolLines}}\n`;
  const read = (file: string): string => `readFileSync(new URL(${JSON.stringify(`../../data/tools/${file}`)}, import.meta.url), "utf8")`;
  return [
    { path: 'data/tools/catalog.json', contents: catalogText, owner: 'generator' },
    { path: 'data/tools/toolsets.json', contents: `${toolsetLines}\n`, owner: 'generator' },
    { path: 'data/tools/search-index.json', contents: `${searchIndexJson(searchDocuments(tools, catalog))}\n`, owner: 'generator' },
    {
      path: 'src/tools/catalog.gen.ts',
      owner: 'generator',
      contents: printSourceFile([
        { kind: 'import', names: ['readFileSync'], from: 'node:fs' },
        { kind: 'import', names: ['catalogToolsFromJson'], from: '../runtime/search-catalog.gen.js' },
        { kind: 'import', typeOnly: true, names: ['CatalogTool', 'StoredCatalogTool', 'ToolsetInfo'], from: '../runtime/search-catalog.gen.js' },
        { kind: 'import', typeOnly: true, names: ['ToolCatalog'], from: '../runtime/tool-selection.gen.js' },
        { kind: 'raw', text: 'let tools: readonly CatalogTool[] | undefined;' },
        { kind: 'const', name: 'toolsets', exported: false, type: 'readonly ToolsetInfo[]', initializer: `JSON.parse(${read('toolsets.json')})` },
        {
          kind: 'const',
          name: 'catalog',
          type: 'ToolCatalog',
          docs: ['Toolsets (data/tools/toolsets.json) and tools without their schemas (data/tools/catalog.json, parsed on first use, toolsets named there); the search index is read on demand.'],
          initializer: `{ toolsets, get tools() { return (tools ??= catalogToolsFromJson((JSON.parse(${read('catalog.json')}) as { tools: StoredCatalogTool[] }).tools, toolsets)); }, searchIndex: () => ${read('search-index.json')} }`,
        },
      ]),
    },
  ];
}
