export declare const SMALL_BODY: string;
export declare function resolveServerSpec(
  repoRoot: string,
  given: string | undefined,
): { label: string; path: string; note: string | undefined };
export declare function resolveMsgraphSpec(repoRoot: string): { label: string; path: string; note: undefined } | undefined;
export declare function exampleResponse(
  specPath: string,
  binding: { method: string; path: string; output?: { status: string; mediaType: string } },
): string | undefined;
export declare function completeExample(value: unknown, schema: unknown, root?: unknown, prune?: boolean): unknown;
