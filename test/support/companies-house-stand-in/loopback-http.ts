import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The HTTP plumbing the Companies House stand-ins share: a server on loopback only (tests must never reach
 * beyond 127.0.0.1), Companies House's basic auth, JSON answers, and the faults a test can script.
 */

export interface LoopbackServer {
  server: Server;
  /** http://127.0.0.1:<port>, the base a client is pointed at. */
  url: string;
}

export type StandInFault =
  | { kind: 'rate_limited'; retryAfterSeconds?: number }
  | { kind: 'status'; status: number }
  /** Accept the request and never answer (until the stand-in stops). */
  | { kind: 'hang' };

/** Answers with a JSON body and records the status on the request it answers. */
export type JsonAnswer = (status: number, body: unknown, headers?: Record<string, string>) => void;

/**
 * Listens on 127.0.0.1, on `port` or (0 or none) on any free one, then builds the stand-in with the server and
 * its URL and serves requests with the handler `handlerOf` gives for it: a stand-in needs its own URL (to
 * resolve request paths, to hand out links), so it cannot exist before the port is known.
 */
export async function listenOnLoopback<T>(
  port: number | undefined,
  create: (loopback: LoopbackServer) => T,
  handlerOf: (standIn: T) => RequestListener,
): Promise<T> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port ?? 0, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  const standIn = create({ server, url: `http://127.0.0.1:${listening}` });
  // Attached before control returns to the event loop, so no request can arrive unhandled.
  server.on('request', handlerOf(standIn));
  return standIn;
}

/** Stops listening without waiting for idle keep-alive connections, which would hold a test's teardown open. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** An async handler whose unexpected failure answers 500 with its message, so a client is not left waiting. */
export function answering500OnFailure(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): RequestListener {
  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: (error as Error).message });
    });
  };
}

/** The user name of an HTTP basic Authorization header: where Companies House expects the key. */
export function basicAuthUser(header: string | undefined): string | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(0, colon);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * What the REST and Document API stand-ins share: a record of every request, and faults a test queues for the
 * next requests to a path, so retries, waits and timeouts can be tested.
 */
export abstract class FaultableStandIn<R extends { path: string; status: number | 'hang' }> {
  readonly requests: R[] = [];
  private readonly faults: { pathPrefix: string; fault: StandInFault }[] = [];

  protected constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** The next requests (whose path starts with `pathPrefix`) get these answers, one each, in order. */
  failNext(faults: StandInFault[], pathPrefix = '/'): void {
    for (const fault of faults) this.faults.push({ pathPrefix, fault });
  }

  /** Requests whose path starts with `prefix` (all of them by default). */
  requestsTo(prefix = '/'): R[] {
    return this.requests.filter((r) => r.path.startsWith(prefix));
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }

  /** Answers the request with the first fault queued for its path, if any; true when one was due. */
  protected answeredByFault(record: R, json: JsonAnswer): boolean {
    const index = this.faults.findIndex((f) => record.path.startsWith(f.pathPrefix));
    if (index < 0) return false;
    const { fault } = this.faults.splice(index, 1)[0]!;
    if (fault.kind === 'hang') record.status = 'hang';
    else if (fault.kind === 'status') json(fault.status, { error: 'Service Unavailable' });
    else
      json(
        429,
        { error: 'Too Many Requests' },
        fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) },
      );
    return true;
  }
}
