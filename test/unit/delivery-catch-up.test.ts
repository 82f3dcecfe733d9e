import pino from 'pino';
import {
  catchUpDeliveries,
  type DeliveryCatchUpSources,
  type DeliveryCatchUpSummary,
} from '../../src/temporal/delivery-catch-up';
import type { DeliveryToStart } from '../../src/temporal/delivery-starter';

type Outcome = 'started' | 'running' | 'closed';

function delivery(eventId: string): DeliveryToStart {
  return {
    eventId,
    accountId: 'acc_1',
    eventType: 'company.alert',
    companyNumber: '01234567',
    maxAttempts: 8,
    url: 'https://hooks.example.com/x',
    attemptCount: 0,
    redeliveryCount: 0,
  };
}

/** Sources backed by plain data: which workflows run, the pages, what a start finds, what a re-read sees. */
function fakeSources(setup: {
  running?: string[];
  pages: string[][];
  outcomes?: Record<string, Outcome | Error>;
  stillPending?: Record<string, boolean | Error>;
}) {
  const calls = { started: [] as string[], reread: [] as string[], reported: [] as string[], pagesRead: 0 };
  const sources: DeliveryCatchUpSources = {
    runningEventIds: async () => new Set(setup.running ?? []),
    async *pendingPages() {
      for (const page of setup.pages) {
        calls.pagesRead++;
        yield page.map(delivery);
      }
    },
    async start(d) {
      calls.started.push(d.eventId);
      const outcome = setup.outcomes?.[d.eventId] ?? 'started';
      if (outcome instanceof Error) throw outcome;
      return { outcome };
    },
    async isStillPending(eventId) {
      calls.reread.push(eventId);
      const pending = setup.stillPending?.[eventId] ?? true;
      if (pending instanceof Error) throw pending;
      return pending;
    },
    reportStranded: (eventId) => calls.reported.push(eventId),
  };
  return { sources, calls };
}

function capturingLogger() {
  const lines: Array<{ level: number; msg: string; eventId?: string }> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const options = { pageSize: 2, concurrency: 2 };

function counts(summary: DeliveryCatchUpSummary) {
  const { elapsedMs, ...rest } = summary;
  expect(elapsedMs).toBeGreaterThanOrEqual(0);
  return rest;
}

describe('catchUpDeliveries', () => {
  it('starts only the pending deliveries whose workflow visibility does not list as running', async () => {
    const { sources, calls } = fakeSources({
      running: ['evt_1_1', 'evt_3_1', 'evt_9_1'],
      pages: [['evt_1_1', 'evt_2_1'], ['evt_3_1', 'evt_4_1'], ['evt_5_1']],
    });
    const summary = await catchUpDeliveries(sources, capturingLogger().logger, options);
    expect(calls.started.sort()).toEqual(['evt_2_1', 'evt_4_1', 'evt_5_1']);
    expect(counts(summary)).toEqual({
      pending: 5,
      alreadyRunning: 2,
      started: 3,
      finishedMeanwhile: 0,
      stranded: 0,
      failed: 0,
      cancelled: false,
    });
  });

  it('counts a workflow started since the listing, which the start only joins, as already running', async () => {
    const { sources } = fakeSources({ pages: [['evt_1_1', 'evt_2_1']], outcomes: { evt_2_1: 'running' } });
    const summary = await catchUpDeliveries(sources, capturingLogger().logger, options);
    expect(summary).toMatchObject({ pending: 2, alreadyRunning: 1, started: 1 });
  });

  it('reports a closed workflow only when the row read again is still pending, once', async () => {
    const { logger, lines } = capturingLogger();
    const { sources, calls } = fakeSources({
      pages: [['evt_1_1', 'evt_2_1', 'evt_3_1']],
      outcomes: { evt_1_1: 'closed', evt_2_1: 'closed' },
      stillPending: { evt_1_1: false, evt_2_1: true },
    });
    const summary = await catchUpDeliveries(sources, logger, options);
    expect(calls.reread.sort()).toEqual(['evt_1_1', 'evt_2_1']);
    expect(calls.reported).toEqual(['evt_2_1']);
    expect(summary).toMatchObject({ started: 1, finishedMeanwhile: 1, stranded: 1 });
    // The one that finished meanwhile is a debug line at most, never an error.
    expect(lines.filter((l) => l.eventId === 'evt_1_1').map((l) => l.level)).toEqual([20]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('counts a start or a re-read that throws as failed, and goes on with the others', async () => {
    const { logger, lines } = capturingLogger();
    const { sources, calls } = fakeSources({
      pages: [['evt_1_1', 'evt_2_1'], ['evt_3_1']],
      outcomes: { evt_1_1: new Error('frontend unavailable'), evt_2_1: 'closed' },
      stillPending: { evt_2_1: new Error('database gone') },
    });
    const summary = await catchUpDeliveries(sources, logger, options);
    expect(calls.started.sort()).toEqual(['evt_1_1', 'evt_2_1', 'evt_3_1']);
    expect(calls.reported).toEqual([]);
    expect(summary).toMatchObject({ pending: 3, started: 1, failed: 2, stranded: 0 });
    expect(
      lines
        .filter((l) => l.level === 40)
        .map((l) => l.eventId)
        .sort(),
    ).toEqual(['evt_1_1', 'evt_2_1']);
  });

  it('fails as a whole when the running workflows cannot be listed, starting nothing', async () => {
    const { sources, calls } = fakeSources({ pages: [['evt_1_1']] });
    sources.runningEventIds = async () => {
      throw new Error('visibility unavailable');
    };
    await expect(catchUpDeliveries(sources, capturingLogger().logger, options)).rejects.toThrow(
      'visibility unavailable',
    );
    expect(calls.started).toEqual([]);
  });

  it('stops taking deliveries and reading pages once aborted, and says it was cancelled', async () => {
    const controller = new AbortController();
    const { sources, calls } = fakeSources({
      pages: [
        ['evt_1_1', 'evt_2_1'],
        ['evt_3_1', 'evt_4_1'],
      ],
    });
    const start = sources.start;
    sources.start = async (d) => {
      controller.abort(); // shutdown arrives during the first start
      return start(d);
    };
    const summary = await catchUpDeliveries(
      sources,
      capturingLogger().logger,
      { pageSize: 2, concurrency: 1 },
      controller.signal,
    );
    expect(calls.started).toEqual(['evt_1_1']);
    expect(calls.pagesRead).toBe(1);
    expect(summary).toMatchObject({ cancelled: true, started: 1, pending: 2 });
  });

  it('reads nothing but the listing when nothing is pending', async () => {
    const { sources, calls } = fakeSources({ running: ['evt_1_1'], pages: [] });
    const summary = await catchUpDeliveries(sources, capturingLogger().logger, options);
    expect(calls.started).toEqual([]);
    expect(summary).toMatchObject({ pending: 0, alreadyRunning: 0, started: 0, cancelled: false });
  });
});
