export interface BenchToolEntry {
  definition: { name: string; inputSchema?: Record<string, unknown>; outputSchema?: Record<string, unknown> };
  binding: {
    method: string;
    path: string;
    arguments: Record<string, { in: string; name: string; required: boolean }>;
    body?: unknown;
    security: Record<string, string[]>[];
    output?: { status: string; mediaType: string };
  };
}
export declare const PREFERRED_TOOLS: readonly string[];
export declare function sampleValue(schema: unknown): string | number | boolean | undefined;
export declare function argumentsFor(definition: BenchToolEntry['definition']): Record<string, unknown> | undefined;
export declare function chooseTool<T extends BenchToolEntry>(entries: readonly T[], wanted: string | undefined): T;
export declare function encodeMcpParam(value: string | number | boolean): string;
export declare function mcpParamHeaders(definition: BenchToolEntry['definition'], args: Record<string, unknown>): Record<string, string>;
export declare function directUrl(base: string, binding: BenchToolEntry['binding'], args: Record<string, unknown>): string;
