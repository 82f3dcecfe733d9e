import pino from 'pino';
import {
  defaultRestartPolicy,
  restartDelayMs,
  superviseDevServer,
  type DevServerExit,
  type SupervisedServer,
  type SupervisorDeps,
} from '../../../src/temporal/dev-server-supervisor';

/*
 * The restart policy of npm start's embedded Temporal dev server, on fake servers and a fake clock: the real
 * restart (a kill -9 of the real child) is in the crash ledger (test/integration/crash-ledger.test.ts).
 */

interface FakeServer extends SupervisedServer {
  exit(exit?: Partial<DevServerExit>): void;
  stopped: boolean;
}

function fakeServer(pid: number): FakeServer {
  let resolveExit!: (exit: DevServerExit) => void;
  const server: FakeServer = {
    pid,
    exited: new Promise((resolve) => (resolveExit = resolve)),
    stopped: false,
    exit: (exit) => resolveExit({ code: null, signal: 'SIGKILL', ...exit }),
    stop: async () => {
      server.stopped = true;
      server.exit({ signal: 'SIGTERM' });
    },
  };
  return server;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
async function settle() {
  for (let i = 0; i < 20; i++) await tick();
}

/** A supervisor whose restarts are scripted: each entry starts a server, or throws. */
function harness(script: Array<'up' | 'fails'> = [], policy: SupervisorDeps['policy'] = {}) {
  let clock = 0;
  const delays: number[] = [];
  const lines: Array<{ level: number; msg: string }> = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  const first = fakeServer(1);
  const started: FakeServer[] = [];
  let gaveUp: Error | undefined;
  let pendingSleep: { resolve: () => void } | undefined;
  let holdSleeps = false;
  const supervisor = superviseDevServer({
    first,
    restart: async () => {
      const next = script.shift();
      if (next === undefined) throw new Error('no more scripted starts');
      if (next === 'fails') throw new Error('port 7233 is in use');
      const server = fakeServer(started.length + 2);
      started.push(server);
      return server;
    },
    logger,
    onGiveUp: (error) => (gaveUp = error),
    policy,
    now: () => clock,
    sleep: (ms, signal) => {
      delays.push(ms);
      clock += ms;
      if (!holdSleeps) return Promise.resolve();
      return new Promise((resolve) => {
        pendingSleep = { resolve };
        signal.addEventListener('abort', () => resolve());
      });
    },
  });
  return {
    supervisor,
    first,
    started,
    delays,
    lines,
    gaveUp: () => gaveUp,
    advance: (ms: number) => (clock += ms),
    holdSleeps: () => (holdSleeps = true),
    releaseSleep: () => pendingSleep?.resolve(),
    latest: () => started.at(-1) ?? first,
  };
}

describe('the embedded Temporal dev server supervisor', () => {
  it('doubles the wait from 1 s, capped', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => restartDelayMs(defaultRestartPolicy, n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('restarts a server that died, after the first delay, and logs one line saying what happens next', async () => {
    const h = harness(['up']);
    h.first.exit({ signal: 'SIGKILL' });
    await settle();
    expect(h.delays).toEqual([1_000]);
    expect(h.started).toHaveLength(1);
    expect(h.supervisor.state()).toBe('running');
    const errors = h.lines.filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toMatch(/was killed by SIGKILL: restarting it in 1 s .*attempt 1 of 5/);
    await h.supervisor.stop();
  });

  it('waits longer after each restart that fails or does not stay up', async () => {
    // Two failed starts, then one that comes up and dies within a minute, then one that stays.
    const h = harness(['fails', 'fails', 'up', 'up']);
    h.first.exit();
    await settle();
    expect(h.started).toHaveLength(1);
    h.advance(10_000);
    h.latest().exit({ code: 1, signal: null });
    await settle();
    expect(h.delays).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(h.started).toHaveLength(2);
    expect(h.supervisor.state()).toBe('running');
    await h.supervisor.stop();
  });

  it('starts from the first delay again once a restarted server has stayed up for the stable time', async () => {
    const h = harness(['fails', 'up', 'up']);
    h.first.exit();
    await settle();
    expect(h.delays).toEqual([1_000, 2_000]);
    h.advance(defaultRestartPolicy.stableAfterMs);
    h.latest().exit();
    await settle();
    expect(h.delays).toEqual([1_000, 2_000, 1_000]);
    await h.supervisor.stop();
  });

  it('gives up after five restarts in a row that did not keep it up, saying so once', async () => {
    const h = harness(['fails', 'up', 'fails', 'up', 'fails', 'up']);
    h.first.exit();
    await settle();
    h.advance(5_000);
    h.latest().exit();
    await settle();
    h.advance(5_000);
    h.latest().exit();
    await settle();
    expect(h.delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(h.gaveUp()?.message).toMatch(/5 restarts in a row did not keep it up: giving up/);
    expect(h.supervisor.state()).toBe('gave_up');
    expect(h.lines.filter((line) => /giving up/.test(line.msg))).toHaveLength(1);
    await h.supervisor.done;
  });

  it('restarts nothing once our own shutdown has begun, even if the server ends before its turn', async () => {
    const h = harness(['up']);
    h.supervisor.standDown();
    h.first.exit({ signal: 'SIGINT' });
    await settle();
    expect(h.delays).toEqual([]);
    expect(h.started).toEqual([]);
    expect(h.lines.filter((line) => line.level >= 50)).toEqual([]);
    await h.supervisor.stop();
  });

  it('stops the running server on stop, and does not take that exit for a crash', async () => {
    const h = harness(['up']);
    await h.supervisor.stop();
    await settle();
    expect(h.first.stopped).toBe(true);
    expect(h.started).toEqual([]);
    expect(h.supervisor.state()).toBe('stopped');
  });

  it('abandons a restart whose wait our shutdown interrupts', async () => {
    const h = harness(['up']);
    h.holdSleeps();
    h.first.exit();
    await settle();
    expect(h.delays).toEqual([1_000]);
    await h.supervisor.stop();
    h.releaseSleep();
    await settle();
    expect(h.started).toEqual([]);
    expect(h.supervisor.state()).toBe('stopped');
  });
});
