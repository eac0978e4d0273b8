export declare const SERVER_PHASES: readonly ['build', 'startup', 'call'];
export type ServerPhase = (typeof SERVER_PHASES)[number];
export declare const TOOLS_MODES: readonly ['static', 'dynamic'];
export type ToolsMode = (typeof TOOLS_MODES)[number];
export declare const MSGRAPH_DEFAULTS: Readonly<{ buildRuns: number; buildWarmup: number; peer: boolean; starts: number; calls: number; callWarmup: number }>;
export declare const SERVER_USAGE: string;
export interface ServerBenchOptions {
  /** --spec as given; undefined means the GitHub spec (or the fallback). */
  spec: string | undefined;
  /** --msgraph: Microsoft Graph from ../shared/specs, lighter defaults (MSGRAPH_DEFAULTS). */
  msgraph: boolean;
  /** Selected phases, in SERVER_PHASES order. */
  phases: ServerPhase[];
  /** Modes the server is started in (`--tools-mode`), in TOOLS_MODES order. */
  toolsModes: ToolsMode[];
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
