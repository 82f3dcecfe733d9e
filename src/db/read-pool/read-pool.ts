import { Worker } from 'node:worker_threads';
import { ServiceError } from '../../errors';
import type { ReadParam } from './read-param';
import { sqliteBindingName } from '../sqlite-binding';
import { QueryLanes, defaultQueryLaneOptions, type Lane, type QueryLaneOptions } from './query-lanes';
import { readWorkerSource } from './read-worker-source';

export interface ReadPoolOptions {
  /** The SQLite file the ORM writes; each thread opens it read-only (WAL lets them read while the ORM writes). */
  databasePath: string;
  /**
   * Threads for reads of any cost, each with its own connection; started on first use, so a process that never
   * reads starts none. One more thread (unless quickLane is false) takes only reads that have proven quick.
   */
  threads: number;
  quickLane?: boolean;
  lanes?: QueryLaneOptions;
  /** Queries waiting for a thread beyond which a read is refused (503) instead of queued without end. */
  maxQueued?: number;
  statementCacheSize?: number;
  /** The worker's code; tests replace it to make a thread die. */
  workerSource?: string;
}

/*
 * The `any` lane's threads (searches, scans) run below the event loop's thread for the CPU: on two cores with
 * three read threads busy, the thread that answers get_company waited for its turn behind them. At nice 10 a
 * search thread yields to a normal one, and it still has every cycle nobody else wants. Measured on the generated
 * 5.5M register (bench:api, three runs each): REST get_company at 1 in flight under 16 searches, p99 7.3–9.1 →
 * 4.7–6.0 ms; MCP 7.9–8.6 → 6.7–7.0 ms; searches at 16 in flight alone unchanged (390–450 a second either way);
 * the searches beside get_company 3–8 % fewer. Linux only: there the nice value is each thread's own, so the
 * worker lowers itself alone; elsewhere setpriority(0) would lower the whole process. The quick lane's thread keeps
 * the normal priority: its reads are the ones a caller is waiting on at once.
 */
const SEARCH_THREAD_NICE = process.platform === 'linux' ? 10 : 0;

/** An error SQLite raised in a read thread, with its message and code (`SQLITE_ERROR`…) as the ORM path has them. */
export class SqliteReadError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SqliteError';
  }
}

interface Job {
  id: number;
  lane: Lane;
  sql: string;
  params: readonly ReadParam[];
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  lane: Lane;
  /** The query it runs now: one at a time, so a free thread is never stuck behind another thread's slow query. */
  job: Job | null;
}

type WorkerReply =
  | { id: number; rows: unknown[]; ms: number }
  | { id: number; error: { message: string; code?: string } }
  | { fatal: { message: string; code?: string } };

/**
 * Read-only queries on worker threads, so a slow one (a search over millions of rows) runs while the event loop
 * goes on serving other requests. Two first-come queues: reads whose SQL has proven quick (query-lanes.ts) go to
 * the quick thread or any free thread, so a point read never waits behind a queue of searches; the rest wait for
 * one of the `threads` threads of the `any` lane.
 */
export class ReadPool {
  private readonly threads = new Set<Thread>();
  private readonly queues: Record<Lane, Job[]> = { quick: [], any: [] };
  private readonly lanes: QueryLanes;
  private readonly maxQueued: number;
  private readonly bindingPath = require.resolve(sqliteBindingName);
  private nextId = 1;
  private closed = false;
  private running = 0;

  constructor(private readonly options: ReadPoolOptions) {
    if (!Number.isInteger(options.threads) || options.threads < 1)
      throw new Error(`a read pool needs at least one thread, not ${options.threads}`);
    this.maxQueued = options.maxQueued ?? options.threads * 256;
    this.lanes = new QueryLanes(options.lanes ?? defaultQueryLaneOptions);
  }

  /**
   * `bounded`: the caller knows this read touches few rows whatever its SQL's record (search-size.ts checks a
   * search's size first), so it may take the quick lane even though the same SQL text is slow for other values.
   */
  read<Row>(sql: string, params: readonly ReadParam[], { bounded = false } = {}): Promise<Row[]> {
    if (this.closed) return Promise.reject(new Error('the read pool is closed'));
    if (this.queues.quick.length + this.queues.any.length >= this.maxQueued)
      return Promise.reject(
        new ServiceError('unavailable', 'The database is busy with other reads; try again shortly.'),
      );
    const lane = this.options.quickLane === false ? 'any' : bounded ? 'quick' : this.lanes.laneOf(sql);
    return new Promise<Row[]>((resolve, reject) => {
      this.queues[lane].push({
        id: this.nextId++,
        lane,
        sql,
        params,
        resolve: resolve as Job['resolve'],
        reject,
      });
      this.dispatch();
    });
  }

  /** Threads started and not yet exited: 0 after close(). */
  runningThreads(): number {
    return this.running;
  }

  /** Refuses new reads, fails queued and running ones, and waits for every thread to exit. */
  async close(): Promise<void> {
    this.closed = true;
    const closedError = () => new Error('the read pool closed before the query ran');
    for (const job of [...this.queues.quick.splice(0), ...this.queues.any.splice(0)])
      job.reject(closedError());
    const threads = [...this.threads];
    this.threads.clear();
    for (const thread of threads) thread.job?.reject(closedError());
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    for (;;) {
      // Quick reads first, on the quick thread or else any free one; then the rest on the `any` lane's threads.
      const quick =
        this.queues.quick.length > 0 ? (this.freeThread('quick') ?? this.freeThread('any')) : undefined;
      const thread = quick ?? (this.queues.any.length > 0 ? this.freeThread('any') : undefined);
      if (thread === undefined) return;
      this.run(thread, (quick ? this.queues.quick.shift() : this.queues.any.shift()) as Job);
    }
  }

  private run(thread: Thread, job: Job): void {
    thread.job = job;
    // Held only while a query runs: an idle pool never keeps the process alive, a pending read always does.
    thread.worker.ref();
    thread.worker.postMessage({ id: job.id, sql: job.sql, params: job.params });
  }

  private freeThread(lane: Lane): Thread | undefined {
    let started = 0;
    for (const thread of this.threads) {
      if (thread.lane !== lane) continue;
      if (thread.job === null) return thread;
      started += 1;
    }
    const size = lane === 'any' ? this.options.threads : this.options.quickLane === false ? 0 : 1;
    return started < size ? this.startThread(lane) : undefined;
  }

  private startThread(lane: Lane): Thread {
    const worker = new Worker(this.options.workerSource ?? readWorkerSource, {
      eval: true,
      workerData: {
        bindingPath: this.bindingPath,
        databasePath: this.options.databasePath,
        statementCacheSize: this.options.statementCacheSize ?? 256,
        busyTimeoutMs: 5000,
        nice: lane === 'any' ? SEARCH_THREAD_NICE : 0,
      },
    });
    const thread: Thread = { worker, lane, job: null };
    this.threads.add(thread);
    this.running += 1;
    worker.on('message', (reply: WorkerReply) => this.onReply(thread, reply));
    // An uncaught error is followed by 'exit', where the thread is replaced; the error is the better message.
    let failure: Error | undefined;
    worker.on('error', (error) => (failure = error));
    worker.on('exit', (code) => {
      this.running -= 1;
      this.onExit(
        thread,
        failure ?? new Error(`a read thread exited (code ${code}) while running the query`),
      );
    });
    return thread;
  }

  private onReply(thread: Thread, reply: WorkerReply): void {
    if ('fatal' in reply) {
      // It could not open the database: this query fails with why; the thread exits, and the next read starts
      // a new one (the file may exist by then), so a missing file costs a failed query, never a restart loop.
      this.threads.delete(thread);
      this.finish(thread)?.reject(new SqliteReadError(reply.fatal.message, reply.fatal.code));
      this.dispatch();
      return;
    }
    const job = this.finish(thread);
    if (job === undefined || job.id !== reply.id) return;
    if ('error' in reply) job.reject(new SqliteReadError(reply.error.message, reply.error.code));
    else {
      this.lanes.record(job.sql, reply.ms);
      job.resolve(reply.rows);
    }
    this.dispatch();
  }

  private onExit(thread: Thread, error: Error): void {
    if (!this.threads.delete(thread)) return; // closed
    this.finish(thread)?.reject(error);
    this.dispatch(); // starts a replacement if queries are waiting
  }

  private finish(thread: Thread): Job | undefined {
    const job = thread.job ?? undefined;
    thread.job = null;
    thread.worker.unref();
    return job;
  }
}
