import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createApp } from '../../src/http/app';
import { guardRawRequests } from '../../src/http/raw-request-guard';
import type { Services } from '../../src/services';

export interface LogLine {
  level: number;
  msg: string;
  status?: number;
}

export interface LoggedEdge {
  url: string;
  /** Every line the app logged, parsed: tests assert nothing was logged as an error. */
  logLines: LogLine[];
  stop(): Promise<void>;
}

/** The app as server.ts serves it (raw-request guard included) on a loopback port, with its log kept. */
export async function startLoggedEdge(services: Services): Promise<LoggedEdge> {
  const logLines: LogLine[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    }),
  );
  const server = createServer(createApp({ ...services, logger }).callback());
  guardRawRequests(server, logger);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    logLines,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
