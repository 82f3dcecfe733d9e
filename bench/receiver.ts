import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '../src/domain/webhooks/signature';

/*
 * The benchmarks' loopback webhook receiver: answers 204 at once and records the first receipt time of each
 * Service-Event-Id, counting duplicates and unsigned requests.
 */

export interface Receiver {
  origin: string;
  url: string;
  firstReceipt: Map<string, number>;
  stats: { requests: number; duplicates: number; unsigned: number };
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const firstReceipt = new Map<string, number>();
  const stats = { requests: 0, duplicates: 0, unsigned: 0 };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const at = Date.now();
      stats.requests += 1;
      const eventId = req.headers[EVENT_ID_HEADER.toLowerCase()];
      if (!req.headers[SIGNATURE_HEADER.toLowerCase()]) stats.unsigned += 1;
      if (typeof eventId === 'string') {
        if (firstReceipt.has(eventId)) stats.duplicates += 1;
        else firstReceipt.set(eventId, at);
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: `${origin}/webhook`,
    firstReceipt,
    stats,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
