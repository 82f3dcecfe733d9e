import { basicAuthorization, trimBaseUrl } from '../live/client-settings';
import { retryAfterMs } from '../live/retry-policy';
import { companiesHouseStreams, type CompaniesHouseStreamName } from './stream-names';

/*
 * One connection to a Companies House stream: a long-lived GET with the stream key in HTTP basic auth (user
 * name, empty password) and, to resume, `?timepoint=N`. The answer is newline-delimited JSON, one event a line,
 * with blank keep-alive lines while nothing happens. What opening can answer is typed here (401, 416 for a
 * timepoint that is invalid or too old, 429 for too many connections, anything else); the lines come as
 * strings, split on LF with a trailing CR dropped, a partial last line held until its end arrives.
 */

export interface StreamConnectionOptions {
  streamUrl: string;
  streamKey: string;
  stream: CompaniesHouseStreamName;
  /** Resume from this timepoint (Companies House replays from it); null: only what happens from now on. */
  timepoint: number | null;
  /** No byte (not even a keep-alive) for this long means the connection is dead: end it. */
  idleTimeoutMs: number;
  /** Aborting ends the lines at once (a paused or cancelled consumer). */
  signal: AbortSignal;
  /** How long to wait for the response headers. */
  connectTimeoutMs?: number;
  /** A line longer than this is not an event anyone sends: the connection is ended as broken. */
  maxLineBytes?: number;
  fetch?: typeof fetch;
}

export type StreamOpening =
  | { status: 'open'; lines: AsyncGenerator<string, StreamEnd, undefined> }
  | { status: 'unauthorized'; message: string }
  | { status: 'timepoint_invalid'; message: string }
  | { status: 'rate_limited'; retryAfterMs: number; message: string }
  | { status: 'unavailable'; message: string };

/** Why the lines stopped. */
export type StreamEnd =
  | { reason: 'closed_by_server' }
  | { reason: 'idle_timeout' }
  | { reason: 'aborted' }
  | { reason: 'network_error'; message: string }
  | { reason: 'line_too_long' };

const RATE_LIMITED_FALLBACK_MS = 60_000;

export async function openStream(options: StreamConnectionOptions): Promise<StreamOpening> {
  const url = new URL(`${trimBaseUrl(options.streamUrl)}${companiesHouseStreams[options.stream].path}`);
  if (options.timepoint !== null) url.searchParams.set('timepoint', String(options.timepoint));
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (options.signal.aborted) abort();
  options.signal.addEventListener('abort', abort, { once: true });
  const connectTimer = setTimeout(
    () => controller.abort(new Error('no response')),
    options.connectTimeoutMs ?? 30_000,
  );
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers: {
        authorization: basicAuthorization(options.streamKey),
        accept: 'application/json',
      },
      signal: controller.signal,
    });
  } catch (error) {
    options.signal.removeEventListener('abort', abort);
    return { status: 'unavailable', message: `${url.pathname}: ${describe(error)}` };
  } finally {
    clearTimeout(connectTimer);
  }
  const where = `${url.pathname}: HTTP ${response.status}`;
  if (response.status !== 200) {
    options.signal.removeEventListener('abort', abort);
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 401)
      return {
        status: 'unauthorized',
        message: `${where}: check COMPANIES_HOUSE_STREAM_KEY (a Streaming API key, not a REST key)`,
      };
    if (response.status === 416)
      return {
        status: 'timepoint_invalid',
        message: `${where}: timepoint ${options.timepoint} is invalid or too old`,
      };
    if (response.status === 429)
      return {
        status: 'rate_limited',
        retryAfterMs: retryAfterMs(response.headers, Date.now(), RATE_LIMITED_FALLBACK_MS),
        message: `${where}: too many connections for this key`,
      };
    return { status: 'unavailable', message: where };
  }
  const body = response.body;
  if (body === null) {
    options.signal.removeEventListener('abort', abort);
    return { status: 'unavailable', message: `${where} without a body` };
  }
  return {
    status: 'open',
    lines: readLines(body, controller, options, () => options.signal.removeEventListener('abort', abort)),
  };
}

async function* readLines(
  body: ReadableStream<Uint8Array>,
  controller: AbortController,
  options: StreamConnectionOptions,
  cleanUp: () => void,
): AsyncGenerator<string, StreamEnd, undefined> {
  const maxLineBytes = options.maxLineBytes ?? 16 * 1024 * 1024;
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let idle = false;
  let idleTimer: NodeJS.Timeout | undefined;
  const armIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idle = true;
      controller.abort(new Error('idle'));
    }, options.idleTimeoutMs);
  };
  const reader = body.getReader();
  try {
    armIdleTimer();
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (idle) return { reason: 'idle_timeout' };
        if (options.signal.aborted) return { reason: 'aborted' };
        return { reason: 'network_error', message: describe(error) };
      }
      if (chunk.done) {
        // A partial last line is an event cut off by the disconnect: dropped, it comes again on resume.
        return { reason: 'closed_by_server' };
      }
      armIdleTimer();
      pending += decoder.decode(chunk.value, { stream: true });
      let newline: number;
      while ((newline = pending.indexOf('\n')) !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        yield line.endsWith('\r') ? line.slice(0, -1) : line;
        if (options.signal.aborted) return { reason: 'aborted' };
      }
      if (pending.length > maxLineBytes) return { reason: 'line_too_long' };
    }
  } finally {
    clearTimeout(idleTimer);
    controller.abort();
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
    cleanUp();
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { message?: string; code?: string } }).cause;
  const message = error instanceof Error ? error.message : String(error);
  return cause?.code ? `${message} (${cause.code})` : message;
}
