import { readFile } from 'node:fs/promises';
import { Client, Connection, type ConnectionOptions } from '@temporalio/client';
import { NativeConnection, type NativeConnectionOptions } from '@temporalio/worker';
import type { Config } from '../config';

type TemporalSettings = Pick<
  Config,
  | 'TEMPORAL_ADDRESS'
  | 'TEMPORAL_NAMESPACE'
  | 'TEMPORAL_API_KEY'
  | 'TEMPORAL_TLS'
  | 'TEMPORAL_TLS_CLIENT_CERT_PATH'
  | 'TEMPORAL_TLS_CLIENT_KEY_PATH'
  | 'TEMPORAL_TLS_SERVER_CA_CERT_PATH'
  | 'TEMPORAL_TLS_SERVER_NAME'
>;

/** Connection options from Temporal's own environment variables, shared by the client and the worker. */
async function connectionOptions(
  settings: TemporalSettings,
): Promise<ConnectionOptions & NativeConnectionOptions> {
  if (!settings.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is not set');
  const certPath = settings.TEMPORAL_TLS_CLIENT_CERT_PATH;
  const keyPath = settings.TEMPORAL_TLS_CLIENT_KEY_PATH;
  const caPath = settings.TEMPORAL_TLS_SERVER_CA_CERT_PATH;
  const wantsTls = settings.TEMPORAL_TLS || Boolean(certPath || caPath || settings.TEMPORAL_API_KEY);
  const tls = wantsTls
    ? {
        serverNameOverride: settings.TEMPORAL_TLS_SERVER_NAME,
        serverRootCACertificate: caPath ? await readFile(caPath) : undefined,
        clientCertPair:
          certPath && keyPath ? { crt: await readFile(certPath), key: await readFile(keyPath) } : undefined,
      }
    : undefined;
  return { address: settings.TEMPORAL_ADDRESS, tls, apiKey: settings.TEMPORAL_API_KEY };
}

export async function connectClient(settings: TemporalSettings): Promise<Client> {
  const connection = await Connection.connect(await connectionOptions(settings));
  return new Client({ connection, namespace: settings.TEMPORAL_NAMESPACE });
}

export async function connectWorker(settings: TemporalSettings): Promise<NativeConnection> {
  return NativeConnection.connect(await connectionOptions(settings));
}

/** Answers within `timeoutMs`: a readiness probe must not hang while the SDK retries an unreachable server. */
export async function isTemporalReachable(client: Client, timeoutMs = 2_000): Promise<boolean> {
  try {
    await client.connection.withDeadline(Date.now() + timeoutMs, () =>
      client.connection.workflowService.getSystemInfo({}),
    );
    return true;
  } catch {
    return false;
  }
}
