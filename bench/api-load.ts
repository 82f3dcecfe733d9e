/**
 * The load generator of `npm run bench:api`, run in a worker thread so that the client has an event loop (and,
 * on a 2-core machine, a core) of its own and does not queue behind the server it measures.
 *
 * Closed loop: a cell is one or more lanes run at once, each lane `concurrency` loops sending its next request
 * as soon as the previous reply has been read in full, over keep-alive connections (one node:http Agent per lane,
 * at most `concurrency` sockets). Every reply is parsed and checked, the same way in every cell, so a fast
 * failure cannot pass for a fast answer.
 *
 * Several lanes measure one kind of request while others load the server (bench/api-contention.ts). The measured
 * phase lasts until every measured lane has recorded its `measured` replies; a lane that has them keeps sending,
 * unrecorded, until the others have theirs, so the mix of load stays the same for as long as anything is
 * measured. A background lane records whatever completes meanwhile and never decides when the phase ends. A cell
 * of one lane is the plain closed loop: it ends when its requests are sent and answered.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { nearestRank } from './harness';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** For the `mcp-search-first` check: the company number the first result must carry. */
  expectFirst?: string;
}

/** How a reply is judged: 200 with a JSON body, plus what each kind must hold. */
export type ReplyCheck =
  'json' | 'rest-company' | 'rest-search' | 'mcp-company' | 'mcp-search' | 'mcp-search-first';

export interface LoadLane {
  host: string;
  port: number;
  /**
   * Warm-up requests first (not measured), then the measured ones. A lane that sends more than it holds (it keeps
   * the load on, or it is a background lane) starts its measured part again.
   */
  requests: LoadRequest[];
  warmup: number;
  /** Replies to record; ignored for a background lane. */
  measured: number;
  concurrency: number;
  check: ReplyCheck;
  /** Load for the measured lanes: records what completes while they run, and never ends the phase. */
  background?: boolean;
}

export interface LoadCell {
  type: 'run';
  lanes: LoadLane[];
  /** Stop sending measured requests after this many seconds (the lanes then report fewer). */
  maxSeconds: number;
  /** Stop the warm-up after this many seconds even if requests are left: a slow cell is warm well before. */
  maxWarmupSeconds: number;
  /** A reply not read in full within this time is a failed request, so a stuck server cannot hang the run. */
  requestTimeoutMs: number;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** One lane's figures. */
export interface LoadResult {
  /** Measured requests completed (ok or not). */
  completed: number;
  /** Failed replies in the measured phase, recorded or sent only to keep the load on. */
  errors: number;
  errorSamples: string[];
  /** From the first measured send to the lane's last recorded reply. */
  seconds: number;
  requestsPerSecond: number;
  latencyMs: LatencySummary;
  /** Share of the measured phase the load thread's event loop was busy: near 1 means the client was the limit. */
  clientEventLoopUtilisation: number;
  cutShortByMaxSeconds: boolean;
  /** Warm-up requests actually sent (fewer than asked when the warm-up hit its time cap). */
  warmupRequests: number;
}

export type LoadMessage =
  | { type: 'ready' }
  | { type: 'measuring' }
  /** One result per lane, in the cell's order. */
  | { type: 'done'; results: LoadResult[] }
  | { type: 'failed'; error: string };

/** Nearest-rank percentiles in milliseconds, rounded to 0.01 ms. */
export function summarise(values: number[]): LatencySummary {
  const sorted = Float64Array.from(values).sort();
  const rank = (p: number) => nearestRank(sorted, p);
  const round = (v: number) => Math.round(v * 100) / 100;
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    p50: round(rank(50)),
    p90: round(rank(90)),
    p95: round(rank(95)),
    p99: round(rank(99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
    mean: round(sum / (sorted.length || 1)),
  };
}

function send(
  agent: Agent,
  lane: LoadLane,
  req: LoadRequest,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) headers['Content-Length'] = Buffer.byteLength(req.body);
    const r = request(
      { agent, host: lane.host, port: lane.port, method: req.method, path: req.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.setTimeout(timeoutMs, () => r.destroy(new Error(`no reply within ${timeoutMs} ms`)));
    r.end(req.body);
  });
}

interface McpReply {
  result?: {
    isError?: boolean;
    structuredContent?: { company_number?: string; items?: Array<{ company_number?: string }> };
  };
  error?: unknown;
}

/** Undefined when the reply is what the lane expects, else why not. */
export function judge(check: ReplyCheck, req: LoadRequest, status: number, body: string): string | undefined {
  if (status !== 200) return `HTTP ${status}: ${body.slice(0, 200)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 200)}`;
  }
  const value = parsed as Record<string, unknown> & McpReply;
  switch (check) {
    case 'json':
      return undefined;
    case 'rest-company':
      return typeof value.company_number === 'string'
        ? undefined
        : `no company_number: ${body.slice(0, 200)}`;
    case 'rest-search':
      return Array.isArray(value.items) && value.items.length > 0
        ? undefined
        : `no items: ${body.slice(0, 200)}`;
    case 'mcp-company':
    case 'mcp-search':
    case 'mcp-search-first': {
      if (!value.result || value.result.isError) return `MCP error: ${body.slice(0, 300)}`;
      const content = value.result.structuredContent;
      if (check === 'mcp-company')
        return typeof content?.company_number === 'string'
          ? undefined
          : `unexpected structuredContent: ${body.slice(0, 300)}`;
      if (!Array.isArray(content?.items) || content.items.length === 0)
        return `unexpected structuredContent: ${body.slice(0, 300)}`;
      if (check === 'mcp-search-first' && content.items[0]?.company_number !== req.expectFirst)
        return `${req.expectFirst} is not first: ${content.items
          .slice(0, 3)
          .map((item) => item.company_number)
          .join(', ')}…`;
      return undefined;
    }
  }
}

class LaneRun {
  readonly agent: Agent;
  readonly latencies: number[] = [];
  errors = 0;
  readonly errorSamples: string[] = [];
  warmedUp = 0;
  /** Sends of the measured phase so far: the first `measured` are recorded (all, for a background lane). */
  sent = 0;
  last = 0;

  constructor(
    readonly lane: LoadLane,
    private readonly timeoutMs: number,
  ) {
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: lane.concurrency,
      maxFreeSockets: lane.concurrency,
    });
  }

  /** The request for measured-phase send `n`: past the list's end, its measured part again. */
  request(n: number): LoadRequest {
    const { requests, warmup } = this.lane;
    const measuredPart = requests.length - warmup;
    return requests[warmup + (n % measuredPart)]!;
  }

  recorded(n: number): boolean {
    return this.lane.background === true || n < this.lane.measured;
  }

  async one(req: LoadRequest): Promise<string | undefined> {
    try {
      const reply = await send(this.agent, this.lane, req, this.timeoutMs);
      return judge(this.lane.check, req, reply.status, reply.body);
    } catch (error) {
      return `request failed: ${String(error)}`;
    }
  }

  noteError(problem: string): void {
    this.errors += 1;
    if (this.errorSamples.length < 5) this.errorSamples.push(problem);
  }
}

async function runCell(cell: LoadCell, post: (message: LoadMessage) => void): Promise<LoadResult[]> {
  if (cell.lanes.length === 0) throw new Error('a cell needs at least one lane');
  if (cell.lanes.every((lane) => lane.background))
    throw new Error('a cell needs a lane that is not background');
  for (const lane of cell.lanes)
    if (
      lane.requests.length <= lane.warmup ||
      lane.requests.length < lane.warmup + Math.min(lane.measured, 1)
    )
      throw new Error('a lane needs at least one request after its warm-up');
  const runs = cell.lanes.map((lane) => new LaneRun(lane, cell.requestTimeoutMs));

  try {
    // Warm-up: every lane at once, same concurrency, same kind of requests, nothing recorded (opens the
    // connections, JITs both sides).
    const warmupDeadline = performance.now() + cell.maxWarmupSeconds * 1000;
    await Promise.all(
      runs.map(async (run) => {
        let next = 0;
        await Promise.all(
          Array.from({ length: Math.min(run.lane.concurrency, Math.max(run.lane.warmup, 1)) }, async () => {
            while (next < run.lane.warmup && performance.now() < warmupDeadline) {
              const req = run.lane.requests[next++]!;
              const problem = await run.one(req);
              if (problem !== undefined) throw new Error(`warm-up ${req.method} ${req.path}: ${problem}`);
            }
          }),
        );
        run.warmedUp = next;
      }),
    );

    post({ type: 'measuring' });
    const elu = performance.eventLoopUtilization();
    const first = performance.now();
    const deadline = first + cell.maxSeconds * 1000;
    let over = false;
    let cutShort = false;
    const measuredRuns = runs.filter((run) => !run.lane.background);
    const allMeasured = () => measuredRuns.every((run) => run.sent >= run.lane.measured);
    // A lane that has sent its measured requests while others have not keeps the load on, unrecorded.
    const keepsLoadOn = runs.length > 1;
    await Promise.all(
      runs.flatMap((run) =>
        Array.from(
          {
            length: run.lane.background
              ? run.lane.concurrency
              : Math.min(run.lane.concurrency, run.lane.measured),
          },
          async () => {
            while (!over) {
              if (performance.now() > deadline) {
                cutShort = !allMeasured();
                over = true;
                return;
              }
              const n = run.sent;
              const recorded = run.recorded(n);
              if (!recorded && (!keepsLoadOn || allMeasured())) {
                over = allMeasured();
                return;
              }
              run.sent += 1;
              const at = performance.now();
              const problem = await run.one(run.request(n));
              const done = performance.now();
              if (problem !== undefined) run.noteError(problem);
              if (recorded) {
                run.latencies.push(done - at);
                run.last = Math.max(run.last, done);
              }
            }
          },
        ),
      ),
    );
    const used = performance.eventLoopUtilization(elu);
    return runs.map((run) => {
      const seconds = (Math.max(run.last, first) - first) / 1000;
      return {
        completed: run.latencies.length,
        errors: run.errors,
        errorSamples: run.errorSamples,
        seconds: Math.round(seconds * 1000) / 1000,
        requestsPerSecond: seconds > 0 ? Math.round((run.latencies.length / seconds) * 10) / 10 : 0,
        latencyMs: summarise(run.latencies),
        clientEventLoopUtilisation: Math.round(used.utilization * 100) / 100,
        cutShortByMaxSeconds: cutShort,
        warmupRequests: run.warmedUp,
      };
    });
  } finally {
    for (const run of runs) run.agent.destroy();
  }
}

if (parentPort) {
  const port = parentPort;
  const post = (message: LoadMessage) => port.postMessage(message);
  port.on('message', (cell: LoadCell) => {
    runCell(cell, post).then(
      (results) => post({ type: 'done', results }),
      (error: unknown) =>
        post({ type: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
  });
  post({ type: 'ready' });
}
