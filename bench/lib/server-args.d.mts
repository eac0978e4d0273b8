export declare const SERVER_PHASES: readonly ['build', 'startup', 'call'];
export type ServerPhase = (typeof SERVER_PHASES)[number];
export declare const SERVER_USAGE: string;
export interface ServerBenchOptions {
  /** --spec as given; undefined means the GitHub spec (or the fallback). */
  spec: string | undefined;
  /** Selected phases, in SERVER_PHASES order. */
  phases: ServerPhase[];
  buildRuns: number;
  buildWarmup: number;
  peer: boolean;
  reuse: boolean;
  starts: number;
  calls: number;
  callWarmup: number;
  tool: string | undefined;
  stdio: boolean;
  client: boolean;
  cpuProf: string | undefined;
  timeoutMs: number;
  json: string | undefined;
  help: boolean;
}
export declare function parseServerBenchArgs(argv: readonly string[]): ServerBenchOptions;
