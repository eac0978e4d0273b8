/**
 * Ctrl-C (SIGINT) or a CI job's timeout (SIGTERM) during `generate`: without a listener Node dies
 * at once, which mid-write left a package half old, half new, plus temp files (the write is
 * all-or-nothing only against errors, see write/atomic-write.ts). With one, the signal waits for
 * the JavaScript that is running: writing an output directory (or the --report file) is one
 * synchronous step, so it finishes (or rolls back) first, and the run stops before the next step
 * with one line and the signal's exit code (130, 143).
 */
export interface SignalStop {
  /** Lets a signal that arrived during the last synchronous step stop the run now; then stops listening. */
  release(): Promise<void>;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const EXIT_CODES: Record<(typeof SIGNALS)[number], number> = { SIGINT: 130, SIGTERM: 143 };

export function stopOnSignals(): SignalStop {
  const stop = (signal: (typeof SIGNALS)[number]): void => {
    process.stderr.write(`openapi-mcp: interrupted (${signal}); no output directory was left half-written\n`);
    process.exit(EXIT_CODES[signal]);
  };
  for (const signal of SIGNALS) process.on(signal, stop);
  return {
    async release() {
      // A signal received while JavaScript ran is delivered in the event loop's next poll phase. An
      // immediate runs right after the poll phase when set during it (an I/O callback), so two in
      // a row are needed to be sure one poll phase lies between.
      for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
      for (const signal of SIGNALS) process.off(signal, stop);
    },
  };
}
