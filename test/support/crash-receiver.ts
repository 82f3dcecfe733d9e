import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../src/domain/webhooks/signature';
import { verifyWebhook } from '../../src/domain/webhooks/verify-webhook';

/*
 * The crash ledger's webhook receiver on 127.0.0.1: records every request (not only the first per event id) with
 * when it arrived, when it was answered or abandoned, and whether its signature verified, and answers 200 after
 * a delay drawn from a range, so that sends are still in flight when a worker is killed.
 */

export interface ReceivedWebhook {
  eventId: string | undefined;
  signature: string | undefined;
  /** Headers in (ms since the epoch): the sender had started this send by then. */
  startedAt: number;
  /** The 200 went out. Undefined when the connection closed first (the sender died) or it is still waiting. */
  answeredAt: number | undefined;
  /** The connection closed before the answer went out. */
  abandonedAt: number | undefined;
  /** Against the secrets given with `trustSecrets`; undefined when none were given yet. */
  signatureValid: boolean | undefined;
}

export interface CrashReceiver {
  origin: string;
  url: string;
  readonly requests: readonly ReceivedWebhook[];
  /** The account's signing secrets: requests from then on are verified. */
  trustSecrets(secrets: readonly string[]): void;
  /**
   * Requests not yet answered or abandoned at `at` that had arrived by `arrivedBy` (default `at`). A kill is a span
   * as the receiver sees it: a request sent just before the signal may be stamped after it, and a connection the
   * kill cut is seen closed only later, so the test asks at the signal with arrivals counted until the process
   * group is gone.
   */
  inFlightAt(at: number, arrivedBy?: number): ReceivedWebhook[];
  /**
   * Resolves once no request has arrived for `forMs`: after a sender is killed, what it wrote before dying may
   * still wait in socket buffers for this process's event loop to read and stamp it.
   */
  quiet(forMs: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface CrashReceiverOptions {
  /** The answer waits a delay drawn uniformly from [minDelayMs, maxDelayMs]. */
  minDelayMs: number;
  maxDelayMs: number;
  /** A source of numbers in [0, 1) for the delays (default Math.random). */
  random?: () => number;
}

export async function startCrashReceiver(options: CrashReceiverOptions): Promise<CrashReceiver> {
  if (options.minDelayMs < 0 || options.maxDelayMs < options.minDelayMs)
    throw new Error(`receiver delay range ${options.minDelayMs}–${options.maxDelayMs} ms is not a range`);
  const random = options.random ?? Math.random;
  const requests: ReceivedWebhook[] = [];
  let secrets: readonly string[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    const header = (name: string) => {
      const value = req.headers[name.toLowerCase()];
      return typeof value === 'string' ? value : undefined;
    };
    const record: ReceivedWebhook = {
      eventId: header(EVENT_ID_HEADER),
      signature: header(SIGNATURE_HEADER),
      startedAt: Date.now(),
      answeredAt: undefined,
      abandonedAt: undefined,
      signatureValid: undefined,
    };
    requests.push(record);
    res.once('close', () => {
      if (record.answeredAt === undefined) record.abandonedAt = Date.now();
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (secrets.length > 0)
        record.signatureValid = verifyWebhook(Buffer.concat(chunks), record.signature, secrets).ok;
      const delay = options.minDelayMs + random() * (options.maxDelayMs - options.minDelayMs);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (res.destroyed) return;
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('ok', () => {
          record.answeredAt = Date.now();
        });
      }, delay);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: `${origin}/webhooks`,
    requests,
    trustSecrets(given) {
      secrets = [...given];
    },
    inFlightAt: (at, arrivedBy = at) =>
      requests.filter(
        (request) =>
          request.startedAt <= arrivedBy &&
          !(request.answeredAt !== undefined && request.answeredAt <= at) &&
          !(request.abandonedAt !== undefined && request.abandonedAt <= at),
      ),
    async quiet(forMs, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const last = requests.reduce((latest, request) => Math.max(latest, request.startedAt), 0);
        const quietFor = Date.now() - last;
        if (quietFor >= forMs) return;
        if (Date.now() > deadline)
          throw new Error(`the receiver was not quiet for ${forMs} ms within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, forMs - quietFor));
      }
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
