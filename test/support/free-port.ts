import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A port free on 127.0.0.1 now, for a server that a test starts later (a service as npm start runs it binds its
 * port after the Temporal dev server, the migrations and the demo import, seconds on). It is chosen below the
 * range the kernel hands out to outgoing connections: a port the kernel picked (listen on 0) could be given to one
 * of the many connections made meanwhile, and the service then failed with EADDRINUSE (seen once in npm test).
 */
export async function freePort(): Promise<number> {
  const below = firstEphemeralPort();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (below - 10_000));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found between 10000 and ${below}`);
}

/** The start of Linux's ephemeral port range (32768 unless configured), or IANA's 49152 elsewhere. */
function firstEphemeralPort(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const port = Number(low);
    return Number.isInteger(port) && port > 11_000 ? port : 32_768;
  } catch {
    return 49_152;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
