import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Where an OAuth client publishes its client ID metadata document, on loopback https: a self-signed
 * certificate for 127.0.0.1 made now (openssl), trusted by nobody but the service this test starts
 * (OAUTH_CLIENT_METADATA_DEV_CA_FILE, for the one dev-allowed origin). Each path answers what the test put there.
 */

export interface HostedReply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface ClientMetadataHost {
  /** `https://127.0.0.1:<port>`: what OAUTH_CLIENT_METADATA_DEV_ALLOWED_ORIGINS names. */
  origin: string;
  /** The certificate (its own authority), for OAUTH_CLIENT_METADATA_DEV_CA_FILE. */
  caFile: string;
  url(path: string): string;
  serve(path: string, reply: HostedReply): void;
  /** Every path asked for, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** A document's reply: JSON, with the caching the test gives it. */
export function jsonDocument(document: unknown, headers: Record<string, string> = {}): HostedReply {
  return {
    status: 200,
    body: JSON.stringify(document),
    headers: { 'Content-Type': 'application/json', ...headers },
  };
}

export async function startClientMetadataHost(): Promise<ClientMetadataHost> {
  const dir = mkdtempSync(join(tmpdir(), 'cimd-host-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const replies = new Map<string, HostedReply>();
  const requested: string[] = [];
  const server = createServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, (req, res) => {
    const path = req.url ?? '';
    requested.push(path);
    const reply = replies.get(path) ?? { status: 404, body: 'not here' };
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    caFile,
    url: (path) => `${origin}${path}`,
    serve: (path, reply) => replies.set(path, reply),
    requested,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
