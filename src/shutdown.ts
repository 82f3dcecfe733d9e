import { applyServingV8Flags } from './v8-settings';

const FORCED_EXIT_MS = 30_000;

/**
 * Runs a process until SIGINT/SIGTERM, then calls the stop function it returned, once. Repeated signals
 * while stopping are expected (a terminal's Ctrl-C reaches both tsx and this process, and tsx relays it)
 * and change nothing; a stop that hangs is cut short after 30 s. Start-up errors print a plain message. The
 * process runs with the service's V8 settings (v8-settings.ts), set before start() does anything.
 */
export function runUntilSignal(name: string, start: () => Promise<() => Promise<void>>): void {
  applyServingV8Flags();
  let stopping = false;
  start().then(
    (stop) => {
      const onSignal = (signal: NodeJS.Signals) => {
        if (stopping) return;
        stopping = true;
        console.error(`[${name}] ${signal}: shutting down`);
        setTimeout(() => {
          console.error(`[${name}] still stopping after ${FORCED_EXIT_MS / 1000} s: exiting`);
          process.exit(1);
        }, FORCED_EXIT_MS).unref();
        stop().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(`[${name}] error while stopping`, error);
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    },
    (error: unknown) => {
      console.error(`[${name}] failed to start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
