export interface SearchSet {
  name: string;
  spec: string;
  queries: string;
  /** Never tuned on: the bench does not list its misses. */
  heldOut?: boolean;
}
export interface SearchQuery {
  query: string;
  want: string[];
}
export interface SearchQuality {
  queries: number;
  recall1: number;
  recall5: number;
  mrr: number;
  misses: { query: string; want: string[]; got: string[]; rank: number }[];
}
export const SEARCH_SETS: SearchSet[];
export function fixtureTools<T>(root: string, set: SearchSet, pipeline: { loadSpec(file: string): Promise<unknown>; normalizeSpec(loaded: never): unknown; mapToTools(model: never): { tools: T[] } }): Promise<T[]>;
export function fixtureModel<T>(root: string, set: SearchSet, pipeline: { loadSpec(file: string): Promise<unknown>; normalizeSpec(loaded: never): unknown; mapToTools(model: never): { tools: T[]; toolsetDescriptions?: Record<string, string> } }): Promise<{ tools: T[]; toolsetDescriptions?: Record<string, string> }>;
export function readQueries(root: string, set: SearchSet): SearchQuery[];
export function measureSearch(queries: SearchQuery[], search: (query: string) => string[]): SearchQuality;
