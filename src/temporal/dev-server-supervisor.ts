import type { Logger } from '../logger';

/*
 * `npm start`'s embedded Temporal dev server is a child process; if it dies (killed, out of memory, a crash),
 * the worker and the API can do nothing until it is back, and without this nobody would bring it back. The
 * supervisor restarts it on the same data file and ports (its state survives a kill: SQLite in WAL mode), waiting
 * longer after each failure, and gives up after a run of failures, so that a process manager sees the exit
 * rather than a service that looks up and does nothing. The worker and the API need nothing from it: their gRPC
 * connections retry until the server answers again.
 */

export interface DevServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A dev server as the supervisor sees it: something that may end, and that it can stop. */
export interface SupervisedServer {
  pid?: number;
  /** Settles when the process has ended, whoever ended it. */
  exited: Promise<DevServerExit>;
  stop(): Promise<void>;
}

export interface RestartPolicy {
  /** The wait before the first restart of a run; it doubles with each further failure of the run. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A server that has stayed up this long ends the run: its next exit starts from the first delay again. */
  stableAfterMs: number;
  /** Restarts in one run (each failed to start, or ended before it was stable) after which the supervisor gives up. */
  maxRestarts: number;
}

/** 1, 2, 4, 8, 16 s and then give up: about half a minute of trying, long enough for a port or a disk to free. */
export const defaultRestartPolicy: RestartPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
  maxRestarts: 5,
};

/** The wait before restart number `attempt` (0-based) of a run. */
export function restartDelayMs(policy: RestartPolicy, attempt: number): number {
  return Math.min(policy.firstDelayMs * 2 ** attempt, policy.maxDelayMs);
}

export type SupervisorState = 'running' | 'restarting' | 'stopped' | 'gave_up';

export interface DevServerSupervisor {
  state(): SupervisorState;
  /** Settles when supervision ends: stopped by us, or given up (after `onGiveUp` ran). */
  done: Promise<void>;
  /**
   * Our own shutdown has begun: no exit is restarted from now on (a terminal's Ctrl-C reaches the dev server too,
   * and may end it before its turn to be stopped comes), but the server runs until `stop`.
   */
  standDown(): void;
  /** Stands down, then stops the server. */
  stop(): Promise<void>;
}

export interface SupervisorDeps {
  /** The server already started (the caller reported its start). */
  first: SupervisedServer;
  /** Starts the server again, resolving once it accepts connections. */
  restart: () => Promise<SupervisedServer>;
  logger: Logger;
  /** Called once, when the supervisor gives up; the caller exits the process non-zero. */
  onGiveUp: (error: Error) => void;
  policy?: Partial<RestartPolicy>;
  now?: () => number;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function describeExit(exit: DevServerExit): string {
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export function superviseDevServer(deps: SupervisorDeps): DevServerSupervisor {
  const policy = { ...defaultRestartPolicy, ...deps.policy };
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? abortableSleep;
  const { logger } = deps;
  const stopping = new AbortController();
  let state: SupervisorState = 'running';
  let current: SupervisedServer | undefined = deps.first;

  const stoppedWhile = <T>(promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise<undefined>((resolve) =>
        stopping.signal.addEventListener('abort', () => resolve(undefined)),
      ),
    ]);

  const supervise = async () => {
    let upSince = now();
    let attempt = 0;
    while (current) {
      const exit = await stoppedWhile(current.exited);
      if (stopping.signal.aborted || !exit) return;
      const pid = current.pid;
      current = undefined;
      if (now() - upSince >= policy.stableAfterMs) attempt = 0;
      state = 'restarting';
      let why = `The embedded Temporal dev server ${describeExit(exit)}`;
      for (;;) {
        if (attempt >= policy.maxRestarts) {
          state = 'gave_up';
          const message =
            `${why}, and ${attempt} restarts in a row did not keep it up: giving up; ` +
            'the process exits so that a process manager (or a person) can start it again';
          logger.error({ pid, ...exit, restarts: attempt }, message);
          deps.onGiveUp(new Error(message));
          return;
        }
        const delay = restartDelayMs(policy, attempt);
        attempt += 1;
        // One line per exit, saying what happens next: the worker and the API wait meanwhile.
        logger.error(
          { pid, ...exit, restartInMs: delay, attempt, maxRestarts: policy.maxRestarts },
          `${why}: restarting it in ${seconds(delay)} on the same data file and ports ` +
            `(attempt ${attempt} of ${policy.maxRestarts}); the worker and the API reconnect when it is back`,
        );
        await sleep(delay, stopping.signal);
        if (stopping.signal.aborted) return;
        try {
          const started = await deps.restart();
          if (stopping.signal.aborted) {
            await started.stop();
            return;
          }
          current = started;
          upSince = now();
          state = 'running';
          logger.info({ pid: started.pid, attempt }, 'the embedded Temporal dev server is running again');
          break;
        } catch (error) {
          why = `The embedded Temporal dev server did not start again (${error instanceof Error ? error.message : String(error)})`;
          if (stopping.signal.aborted) return;
        }
      }
    }
  };

  const done = supervise().catch((error: unknown) => {
    state = 'gave_up';
    deps.onGiveUp(error instanceof Error ? error : new Error(String(error)));
  });
  return {
    state: () => state,
    done,
    standDown: () => stopping.abort(),
    async stop() {
      stopping.abort();
      await done;
      state = 'stopped';
      const server = current;
      current = undefined;
      await server?.stop();
    },
  };
}
