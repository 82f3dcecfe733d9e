/**
 * The load generator of `npm run bench:api`, run in a worker thread so that the client has an event loop (and,
 * on a 2-core machine, a core) of its own and does not queue behind the server it measures.
 *
 * Closed loop: `concurrency` lanes, each sending its next request as soon as the previous reply has been read in
 * full, over keep-alive connections (one node:http Agent per cell, at most `concurrency` sockets). Every reply is
 * parsed and checked, the same way in every cell, so a fast failure cannot pass for a fast answer.
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
}

/** How a reply is judged: 200 with a JSON body, plus what each kind must hold. */
export type ReplyCheck = 'json' | 'rest-company' | 'rest-search' | 'mcp-company' | 'mcp-search';

export interface LoadCell {
  type: 'run';
  host: string;
  port: number;
  /** Warm-up requests first (not measured), then the measured ones; warmup + measured entries. */
  requests: LoadRequest[];
  warmup: number;
  measured: number;
  concurrency: number;
  /** Stop sending measured requests after this many seconds (the cell then reports fewer). */
  maxSeconds: number;
  /** Stop the warm-up after this many seconds even if requests are left: a slow cell is warm well before. */
  maxWarmupSeconds: number;
  check: ReplyCheck;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export interface LoadResult {
  /** Measured requests completed (ok or not). */
  completed: number;
  errors: number;
  errorSamples: string[];
  /** From the first measured send to the last measured reply. */
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
  | { type: 'done'; result: LoadResult }
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
    p99: round(rank(99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
    mean: round(sum / (sorted.length || 1)),
  };
}

function send(agent: Agent, cell: LoadCell, req: LoadRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) headers['Content-Length'] = Buffer.byteLength(req.body);
    const r = request(
      { agent, host: cell.host, port: cell.port, method: req.method, path: req.path, headers },
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
    r.end(req.body);
  });
}

interface McpReply {
  result?: { isError?: boolean; structuredContent?: { company_number?: string; items?: unknown[] } };
  error?: unknown;
}

/** Undefined when the reply is what the cell expects, else why not. */
function judge(check: ReplyCheck, status: number, body: string): string | undefined {
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
    case 'mcp-search': {
      if (!value.result || value.result.isError) return `MCP error: ${body.slice(0, 300)}`;
      const content = value.result.structuredContent;
      const ok =
        check === 'mcp-company'
          ? typeof content?.company_number === 'string'
          : Array.isArray(content?.items) && content.items.length > 0;
      return ok ? undefined : `unexpected structuredContent: ${body.slice(0, 300)}`;
    }
  }
}

async function runCell(cell: LoadCell, post: (message: LoadMessage) => void): Promise<LoadResult> {
  const agent = new Agent({
    keepAlive: true,
    maxSockets: cell.concurrency,
    maxFreeSockets: cell.concurrency,
  });
  const errorSamples: string[] = [];
  let errors = 0;
  let warmedUp = 0;
  const one = async (req: LoadRequest, measured: boolean): Promise<void> => {
    let problem: string | undefined;
    try {
      const reply = await send(agent, cell, req);
      problem = judge(cell.check, reply.status, reply.body);
    } catch (error) {
      problem = `request failed: ${String(error)}`;
    }
    if (problem !== undefined && measured) {
      errors += 1;
      if (errorSamples.length < 5) errorSamples.push(problem);
    }
    if (problem !== undefined && !measured) throw new Error(`warm-up ${req.method} ${req.path}: ${problem}`);
  };

  try {
    // Warm-up: same concurrency, same kind of requests, nothing recorded (opens the connections, JITs both sides).
    let next = 0;
    const warmupDeadline = performance.now() + cell.maxWarmupSeconds * 1000;
    await Promise.all(
      Array.from({ length: Math.min(cell.concurrency, Math.max(cell.warmup, 1)) }, async () => {
        while (next < cell.warmup && performance.now() < warmupDeadline) {
          await one(cell.requests[next++]!, false);
        }
      }),
    );
    warmedUp = next;

    post({ type: 'measuring' });
    const latencies: number[] = [];
    const elu = performance.eventLoopUtilization();
    const first = performance.now();
    const deadline = first + cell.maxSeconds * 1000;
    let last = first;
    let i = 0;
    let cutShort = false;
    await Promise.all(
      Array.from({ length: Math.min(cell.concurrency, cell.measured) }, async () => {
        while (i < cell.measured) {
          if (performance.now() > deadline) {
            cutShort = true;
            return;
          }
          const req = cell.requests[cell.warmup + i++]!;
          const at = performance.now();
          await one(req, true);
          const done = performance.now();
          latencies.push(done - at);
          last = Math.max(last, done);
        }
      }),
    );
    const used = performance.eventLoopUtilization(elu);
    const seconds = (last - first) / 1000;
    return {
      completed: latencies.length,
      errors,
      errorSamples,
      seconds: Math.round(seconds * 1000) / 1000,
      requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
      latencyMs: summarise(latencies),
      clientEventLoopUtilisation: Math.round(used.utilization * 100) / 100,
      cutShortByMaxSeconds: cutShort,
      warmupRequests: warmedUp,
    };
  } finally {
    agent.destroy();
  }
}

if (parentPort) {
  const port = parentPort;
  const post = (message: LoadMessage) => port.postMessage(message);
  port.on('message', (cell: LoadCell) => {
    runCell(cell, post).then(
      (result) => post({ type: 'done', result }),
      (error: unknown) =>
        post({ type: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
  });
  post({ type: 'ready' });
}
