import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { ServiceError, type ErrorCode } from '../../../src/domain/errors';
import {
  companiesHouseStreamNames,
  companiesHouseStreams,
  isCompaniesHouseStreamName,
  type CompaniesHouseStreamName,
} from '../../../src/ingest/companies-house/stream/stream-names';
import { basicAuthUser, closeServer, listenOnLoopback, sendJson } from './loopback-http';

/*
 * A local stand-in for Companies House's Streaming API (https://stream.companieshouse.gov.uk): a loopback server
 * holding one event log per stream. A client opens a long-lived GET on a stream's path with the stream key as
 * the basic-auth user name and gets newline-delimited JSON events, each written the moment it is published, and
 * a blank line whenever it has been idle for keepAliveMs. `?timepoint=N` first replays every logged event from
 * timepoint N on ("starting from", as Companies House serves it); a timepoint that is not a non-negative integer,
 * or older than the oldest event the log still holds, answers 416. Tests can refuse the next connection (401,
 * 416, 429, 503), cut one after n events (optionally half-way through the next line), and write arbitrary text.
 * Each connection's output is paced by its socket (written on 'drain'), so a slow consumer is fed as fast as it
 * reads and a replay of many events is not held in memory twice.
 */

const eventTypeSchema = z.enum(['changed', 'deleted']);

const envelope = {
  resource_kind: z.string().min(1),
  resource_uri: z.string().regex(/^\//, 'a path, e.g. /company/{company_number}'),
  resource_id: z.string().min(1),
  // Companies House sends the resource on "deleted" events too, as it last stood; tests may leave it out.
  data: z.record(z.string(), z.unknown()).optional(),
};

/** An event as a test or a developer hands it over: Companies House assigns the timepoint when it publishes. */
export const streamEventToPublishSchema = z
  .looseObject({
    ...envelope,
    event: z.looseObject({
      timepoint: z.number().int().nonnegative().optional(),
      published_at: z.string().min(1).optional(),
      type: eventTypeSchema,
      fields_changed: z.array(z.string()).optional(),
    }),
  })
  .refine((event) => event.event.type === 'deleted' || event.data !== undefined, {
    message: 'a "changed" event carries the resource in data',
    path: ['data'],
  });
export type StreamEventToPublish = z.input<typeof streamEventToPublishSchema>;

/** An event as the stream serves it. */
export const publishedStreamEventSchema = z.looseObject({
  ...envelope,
  event: z.looseObject({
    timepoint: z.number().int().nonnegative(),
    published_at: z.string().min(1),
    type: eventTypeSchema,
    fields_changed: z.array(z.string()).optional(),
  }),
});
export type PublishedStreamEvent = z.infer<typeof publishedStreamEventSchema>;

export interface StreamStandInOptions {
  /** Keys that are let in; any other (or none) gets 401. */
  streamKeys: readonly string[];
  port?: number;
  /** How long a connection may be idle before it gets a blank keep-alive line. */
  keepAliveMs?: number;
  /** The first timepoint each stream assigns. */
  firstTimepoint?: number;
  /** Events each stream keeps for replay; older ones are dropped, and asking for them answers 416. */
  retentionLimit?: number;
}

/** What the stand-in knows of one request to a stream, refused or served. */
export interface StreamConnection {
  stream: CompaniesHouseStreamName;
  /** The key sent as the basic-auth user name, if any. */
  key: string | null;
  /** The `timepoint` query parameter as sent, if any. */
  requestedTimepoint: string | null;
  /** The timepoint the replay started from, when one was asked for and accepted. */
  timepoint: number | null;
  status: number;
  state: 'open' | 'closed';
  /** Who closed it: the client, a dropAfter fault, stop(); null while open or when refused. */
  endedBy: 'client' | 'dropped' | 'stopped' | null;
  eventsWritten: number;
  lastTimepointWritten: number | null;
  keepAlivesWritten: number;
  rawWritten: number;
}

export interface DropOptions {
  /** Cut half-way through the line of the event after the n-th, leaving a partial line. */
  midLine?: boolean;
}

export interface RefusalOptions {
  /** Sent as Retry-After (seconds) with the refusal. */
  retryAfterSeconds?: number;
}

type LogEntry =
  | { kind: 'event'; seq: number; timepoint: number; event: PublishedStreamEvent; line: string }
  // Raw text sits after the event logged before it, so a replay that includes that event includes it too.
  | { kind: 'raw'; seq: number; afterTimepoint: number; text: string };

interface StreamLog {
  entries: LogEntry[];
  /** Events among the entries (the retention limit counts events, not raw text). */
  events: number;
  nextSeq: number;
  nextTimepoint: number;
}

interface LiveConnection {
  record: StreamConnection;
  res: ServerResponse;
  /** Sequence number of the next log entry to write. */
  cursor: number;
  awaitingDrain: boolean;
  drop: { after: number; midLine: boolean } | null;
  keepAlive: NodeJS.Timeout;
}

const CONTROL_PATH = /^\/_stand-in\/streams\/([^/]+)\/events\/?$/;
const MAX_CONTROL_BODY_BYTES = 10 * 1024 * 1024;

export class StreamStandIn {
  readonly connections: StreamConnection[] = [];
  private readonly logs = new Map<CompaniesHouseStreamName, StreamLog>();
  private readonly live = new Set<LiveConnection>();
  private readonly refusals = new Map<
    CompaniesHouseStreamName,
    { status: number; headers: Record<string, string> }[]
  >();
  private readonly drops = new Map<CompaniesHouseStreamName, { after: number; midLine: boolean }[]>();
  private readonly keys: ReadonlySet<string>;
  private readonly keepAliveMs: number;
  private readonly retentionLimit: number;

  private constructor(
    private readonly server: Server,
    options: StreamStandInOptions,
    readonly url: string,
  ) {
    this.keys = new Set(options.streamKeys);
    this.keepAliveMs = options.keepAliveMs ?? 30_000;
    this.retentionLimit = options.retentionLimit ?? Number.POSITIVE_INFINITY;
    const firstTimepoint = options.firstTimepoint ?? 1000;
    for (const stream of companiesHouseStreamNames)
      this.logs.set(stream, { entries: [], events: 0, nextSeq: 0, nextTimepoint: firstTimepoint });
  }

  static async start(options: StreamStandInOptions): Promise<StreamStandIn> {
    requireWhole(options.keepAliveMs, 1, 'keepAliveMs');
    requireWhole(options.firstTimepoint, 0, 'firstTimepoint');
    requireWhole(options.retentionLimit, 1, 'retentionLimit');
    return listenOnLoopback(
      options.port,
      ({ server, url }) => new StreamStandIn(server, options, url),
      (standIn) => (req, res) => standIn.handle(req, res),
    );
  }

  /** Logs the event with the stream's next timepoint (or its own, if it has one) and writes it to every reader. */
  publish(stream: CompaniesHouseStreamName, event: StreamEventToPublish): PublishedStreamEvent {
    return this.publishMany(stream, [event])[0]!;
  }

  /** Publishes the events in order; all are checked first, so a bad one publishes none. */
  publishMany(
    stream: CompaniesHouseStreamName,
    events: readonly StreamEventToPublish[],
  ): PublishedStreamEvent[] {
    const log = this.logOf(stream);
    const parsed = events.map((event, index) => parseEvent(event, events.length > 1 ? `[${index}]` : ''));
    let next = log.nextTimepoint;
    for (const [index, event] of parsed.entries()) {
      const own = event.event.timepoint;
      if (own !== undefined && own < next)
        throw new ServiceError(
          'invalid_argument',
          `${events.length > 1 ? `[${index}].` : ''}event.timepoint: ${own} is not after the stream's last timepoint (${next - 1}); timepoints only grow`,
          { field: 'event.timepoint' },
        );
      next = (own ?? next) + 1;
    }
    const published = parsed.map((event) => {
      const timepoint = event.event.timepoint ?? log.nextTimepoint;
      log.nextTimepoint = timepoint + 1;
      const out = {
        ...event,
        event: {
          ...event.event,
          timepoint,
          // Companies House's own format: local time to the second, no zone.
          published_at: event.event.published_at ?? new Date().toISOString().slice(0, 19),
        },
      } as PublishedStreamEvent;
      log.entries.push({
        kind: 'event',
        seq: log.nextSeq++,
        timepoint,
        event: out,
        line: `${JSON.stringify(out)}\n`,
      });
      log.events += 1;
      return out;
    });
    this.evictBeyondRetention(log);
    this.pumpStream(stream);
    return published;
  }

  /** Writes `text` exactly as given (no newline added) to every reader of the stream, and logs it for replays. */
  writeRaw(stream: CompaniesHouseStreamName, text: string): void {
    const log = this.logOf(stream);
    log.entries.push({ kind: 'raw', seq: log.nextSeq++, afterTimepoint: log.nextTimepoint - 1, text });
    this.pumpStream(stream);
  }

  /** The next connection to the stream that is let in is cut after it has been written `events` events. */
  dropAfter(stream: CompaniesHouseStreamName, events: number, options: DropOptions = {}): void {
    this.logOf(stream);
    requireWhole(events, 0, 'events');
    this.queueOf(this.drops, stream).push({ after: events, midLine: options.midLine ?? false });
  }

  /** The next connection to the stream with a valid key is answered `status` (401, 416, 429, 503…) and closed. */
  failNextConnection(stream: CompaniesHouseStreamName, status: number, options: RefusalOptions = {}): void {
    this.logOf(stream);
    if (!Number.isInteger(status) || status < 400 || status > 599)
      throw new ServiceError('invalid_argument', `status: ${status} is not an HTTP error status`, {
        field: 'status',
      });
    const headers: Record<string, string> =
      options.retryAfterSeconds === undefined ? {} : { 'retry-after': String(options.retryAfterSeconds) };
    this.queueOf(this.refusals, stream).push({ status, headers });
  }

  /** Connections that are open now, to one stream or to any. */
  openConnections(stream?: CompaniesHouseStreamName): StreamConnection[] {
    return this.connections.filter(
      (c) => c.state === 'open' && (stream === undefined || c.stream === stream),
    );
  }

  /** The events the stream's log still holds, oldest first. */
  events(stream: CompaniesHouseStreamName): PublishedStreamEvent[] {
    return this.logOf(stream).entries.flatMap((entry) => (entry.kind === 'event' ? [entry.event] : []));
  }

  /** Stops listening and closes every open stream connection. */
  async stop(): Promise<void> {
    for (const connection of [...this.live]) this.close(connection, 'stopped');
    await closeServer(this.server);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const control = CONTROL_PATH.exec(url.pathname);
    if (control) {
      this.handleControl(req, res, control[1]!).catch((error: unknown) => {
        if (!res.headersSent) sendError(res, 500, 'internal', (error as Error).message);
      });
      return;
    }
    const stream = companiesHouseStreamNames.find(
      (name) => companiesHouseStreams[name].path === url.pathname.replace(/(.)\/$/, '$1'),
    );
    if (stream === undefined) return sendText(res, 404, 'Not Found');
    if (req.method !== 'GET') return sendText(res, 405, 'Method Not Allowed', { allow: 'GET' });
    this.openStream(req, res, stream, url.searchParams.get('timepoint'));
  }

  private openStream(
    req: IncomingMessage,
    res: ServerResponse,
    stream: CompaniesHouseStreamName,
    requestedTimepoint: string | null,
  ): void {
    const record: StreamConnection = {
      stream,
      key: basicAuthUser(req.headers.authorization),
      requestedTimepoint,
      timepoint: null,
      status: 200,
      state: 'closed',
      endedBy: null,
      eventsWritten: 0,
      lastTimepointWritten: null,
      keepAlivesWritten: 0,
      rawWritten: 0,
    };
    this.connections.push(record);
    const refuse = (status: number, headers: Record<string, string> = {}) => {
      record.status = status;
      sendText(res, status, statusText(status), headers);
    };
    if (record.key === null || !this.keys.has(record.key)) return refuse(401);
    const refusal = this.refusals.get(stream)?.shift();
    if (refusal) return refuse(refusal.status, refusal.headers);
    const log = this.logOf(stream);
    let cursor = log.nextSeq;
    if (requestedTimepoint !== null) {
      const timepoint = /^\d+$/.test(requestedTimepoint) ? Number(requestedTimepoint) : Number.NaN;
      if (!Number.isSafeInteger(timepoint) || timepoint < this.oldestTimepoint(log)) return refuse(416);
      record.timepoint = timepoint;
      cursor = firstSeqFrom(log, timepoint);
    }

    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.flushHeaders();
    record.state = 'open';
    const connection: LiveConnection = {
      record,
      res,
      cursor,
      awaitingDrain: false,
      drop: this.drops.get(stream)?.shift() ?? null,
      keepAlive: setTimeout(() => this.keepAlive(connection), this.keepAliveMs),
    };
    this.live.add(connection);
    res.on('close', () => this.close(connection, 'client'));
    if (connection.drop?.after === 0 && !connection.drop.midLine) return this.close(connection, 'dropped');
    this.pump(connection);
  }

  private keepAlive(connection: LiveConnection): void {
    if (connection.record.state !== 'open') return;
    connection.record.keepAlivesWritten += 1;
    connection.res.write('\n');
    connection.keepAlive.refresh();
  }

  private pumpStream(stream: CompaniesHouseStreamName): void {
    for (const connection of this.live) if (connection.record.stream === stream) this.pump(connection);
  }

  /** Writes log entries from the connection's cursor on until the log ends or the socket asks to wait. */
  private pump(connection: LiveConnection): void {
    const log = this.logOf(connection.record.stream);
    while (connection.record.state === 'open' && !connection.awaitingDrain) {
      const first = log.entries[0];
      if (first === undefined) return;
      // A reader that fell behind the retention limit carries on from the oldest entry still held.
      connection.cursor = Math.max(connection.cursor, first.seq);
      const entry = log.entries[connection.cursor - first.seq];
      if (entry === undefined) return;
      connection.cursor += 1;
      if (!this.write(connection, entry)) {
        connection.awaitingDrain = true;
        connection.res.once('drain', () => {
          connection.awaitingDrain = false;
          this.pump(connection);
        });
      }
    }
  }

  /** Writes one entry, applying the connection's drop fault; false when the socket wants 'drain' first. */
  private write(connection: LiveConnection, entry: LogEntry): boolean {
    const { record, res, drop } = connection;
    connection.keepAlive.refresh();
    if (entry.kind === 'raw') {
      record.rawWritten += 1;
      return res.write(entry.text);
    }
    if (drop?.midLine && record.eventsWritten === drop.after) {
      res.write(entry.line.slice(0, Math.floor(entry.line.length / 2)));
      this.close(connection, 'dropped');
      return true;
    }
    const flowing = res.write(entry.line);
    record.eventsWritten += 1;
    record.lastTimepointWritten = entry.timepoint;
    if (drop && !drop.midLine && record.eventsWritten === drop.after) this.close(connection, 'dropped');
    return flowing;
  }

  private close(connection: LiveConnection, endedBy: 'client' | 'dropped' | 'stopped'): void {
    if (!this.live.delete(connection)) return;
    clearTimeout(connection.keepAlive);
    connection.record.state = 'closed';
    connection.record.endedBy = endedBy;
    // Ending the socket rather than the response: what was written arrives, then the body stops without its
    // final chunk, which is what a client sees when Companies House (or the network) drops a stream.
    if (endedBy !== 'client') connection.res.socket?.end();
  }

  private async handleControl(req: IncomingMessage, res: ServerResponse, stream: string): Promise<void> {
    // No authentication here: the stand-in listens on loopback only, and this path exists so a developer can
    // push events with curl. Companies House has nothing like it.
    if (req.method !== 'POST')
      return sendError(res, 405, 'method_not_allowed', 'POST events to this path', { allow: 'POST' });
    const body = await readBody(req);
    if (body === null)
      return sendError(res, 413, 'payload_too_large', `the body is over ${MAX_CONTROL_BODY_BYTES} bytes`);
    // Stream names need no escaping: a name that is escaped is not one of them.
    if (!isCompaniesHouseStreamName(stream))
      return sendError(
        res,
        400,
        'invalid_argument',
        `unknown stream "${stream}"; streams: ${companiesHouseStreamNames.join(', ')}`,
      );
    const parsed = parseControlBody(body);
    if (!parsed.ok) return sendError(res, 400, 'invalid_json', parsed.message);
    try {
      const events = this.publishMany(stream, parsed.events as StreamEventToPublish[]);
      sendJson(res, 201, { events });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      sendError(res, 400, error.code, error.message);
    }
  }

  private logOf(stream: CompaniesHouseStreamName): StreamLog {
    const log = this.logs.get(stream);
    if (log === undefined)
      throw new ServiceError(
        'invalid_argument',
        `unknown stream "${String(stream)}"; streams: ${companiesHouseStreamNames.join(', ')}`,
        { field: 'stream' },
      );
    return log;
  }

  private queueOf<T>(queues: Map<CompaniesHouseStreamName, T[]>, stream: CompaniesHouseStreamName): T[] {
    const queue = queues.get(stream) ?? [];
    queues.set(stream, queue);
    return queue;
  }

  /** The oldest timepoint a replay can start from: the oldest event held, or the next one if none is held. */
  private oldestTimepoint(log: StreamLog): number {
    const oldest = log.entries.find((entry) => entry.kind === 'event');
    return oldest?.kind === 'event' ? oldest.timepoint : log.nextTimepoint;
  }

  private evictBeyondRetention(log: StreamLog): void {
    if (log.events <= this.retentionLimit) return;
    while (log.events > this.retentionLimit) {
      const evicted = log.entries.shift()!;
      if (evicted.kind === 'event') log.events -= 1;
    }
    // Raw text logged after the newest evicted event went with it.
    while (log.entries[0]?.kind === 'raw') log.entries.shift();
  }
}

/** The events of one fixture file (test/fixtures/companies-house-streams/<stream>.jsonl), checked. */
export function readStreamFixture(
  stream: CompaniesHouseStreamName,
  fixturesDir = join(__dirname, '../../fixtures/companies-house-streams'),
): StreamEventToPublish[] {
  const path = join(fixturesDir, `${stream}.jsonl`);
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line, index) => {
      if (line.trim() === '') return [];
      try {
        return [parseEvent(JSON.parse(line), '')];
      } catch (error) {
        throw new ServiceError('invalid_argument', `${path}:${index + 1}: ${(error as Error).message}`, {
          source: path,
          line: index + 1,
        });
      }
    });
}

function parseEvent(event: unknown, where: string): StreamEventToPublish {
  const parsed = streamEventToPublishSchema.safeParse(event);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = [where, ...issue.path.map(String)].filter((part) => part !== '').join('.') || '(event)';
  throw new ServiceError('invalid_argument', `${field}: ${issue.message}`, { field });
}

/** The sequence number a replay from `timepoint` starts at: the first event at or after it, or the log's end. */
function firstSeqFrom(log: StreamLog, timepoint: number): number {
  const start = log.entries.find((entry) =>
    entry.kind === 'event' ? entry.timepoint >= timepoint : entry.afterTimepoint >= timepoint,
  );
  return start?.seq ?? log.nextSeq;
}

/** One event, an array of events, or (for `curl --data-binary @fixture.jsonl`) one event per line. */
function parseControlBody(body: string): { ok: true; events: unknown[] } | { ok: false; message: string } {
  try {
    const json = JSON.parse(body) as unknown;
    return { ok: true, events: Array.isArray(json) ? json : [json] };
  } catch (error) {
    const lines = body.split('\n').filter((line) => line.trim() !== '');
    if (lines.length > 1) {
      const events: unknown[] = [];
      for (const [index, line] of lines.entries()) {
        try {
          events.push(JSON.parse(line));
        } catch (lineError) {
          return { ok: false, message: `line ${index + 1} is not JSON (${(lineError as Error).message})` };
        }
      }
      return { ok: true, events };
    }
    return { ok: false, message: `the body is not JSON (${(error as Error).message})` };
  }
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_CONTROL_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function requireWhole(value: number | undefined, min: number, name: string): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min))
    throw new ServiceError('invalid_argument', `${name}: ${value} is not a whole number of at least ${min}`, {
      field: name,
    });
}

function statusText(status: number): string {
  return (
    { 401: 'Unauthorized', 416: 'Requested Range Not Satisfiable', 429: 'Too Many Requests' }[status] ??
    `HTTP ${status}`
  );
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** The service's own error body ({ error: { code, message } }), for the control path. */
function sendError(
  res: ServerResponse,
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error: { code, message } }, headers);
}
