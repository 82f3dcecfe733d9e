import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  receivedAt: number;
}

export interface ReceiverReply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export interface LocalReceiver {
  /** `http://127.0.0.1:<port>`: what WEBHOOK_DEV_ALLOWED_ORIGINS needs. */
  origin: string;
  url(path?: string): string;
  /** Every request, in arrival order, recorded once its body has been read in full. */
  received: ReceivedRequest[];
  respondWith(handler: (req: ReceivedRequest) => ReceiverReply): void;
  close(): Promise<void>;
}

/**
 * A webhook receiver on loopback (127.0.0.1, a free port unless `port` names one: a receiver whose origin a
 * process already lets through) that records each request exactly as it arrived (raw body text, headers) and
 * answers 200 "ok" unless told otherwise.
 */
export async function startLocalReceiver(options: { port?: number } = {}): Promise<LocalReceiver> {
  const received: ReceivedRequest[] = [];
  let handler: (req: ReceivedRequest) => ReceiverReply = () => ({ status: 200, body: 'ok' });
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      received.push(request);
      let reply: ReceiverReply;
      try {
        reply = handler(request);
      } catch (error) {
        reply = { status: 599, body: `receiver handler threw: ${String(error)}` };
      }
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'Content-Type': 'text/plain', ...reply.headers });
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, reply.delayMs);
        timers.add(timer);
      } else {
        send();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    url: (path = '/webhook') => `${origin}${path.startsWith('/') ? path : `/${path}`}`,
    received,
    respondWith(next) {
      handler = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
