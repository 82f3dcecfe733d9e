import Long from 'long';
import { Connection } from '@temporalio/client';
import { processAlive, waitUntil } from './process-groups';
import type { ProcessRecord } from './topology-state';

/** The frontend reports SERVING: what compose's health check (`temporal operator cluster health`) awaits. */
export async function waitForFrontend(server: ProcessRecord & { address: string }, timeoutMs: number) {
  await waitUntil(
    `Temporal frontend on ${server.address}`,
    async () => {
      const connection = await Connection.connect({ address: server.address, connectTimeout: 2_000 });
      try {
        const health = await connection.healthService.check({});
        return health.status === 1 ? true : undefined; // grpc.health.v1 SERVING
      } finally {
        await connection.close();
      }
    },
    timeoutMs,
    {
      everyMs: 500,
      giveUp: () => (processAlive(server.pid) ? undefined : `the server exited: see ${server.logFile}`),
    },
  );
}

const ALREADY_EXISTS = 6;

/**
 * What auto-setup does after the schema (DEFAULT_NAMESPACE, DEFAULT_NAMESPACE_RETENTION 168h): register the
 * namespace before any worker starts, then wait until the frontend serves it. The worker's own bootstrap
 * (src/temporal/bootstrap.ts) registers it too when it is missing, but then at once lists search attributes,
 * which fails with NOT_FOUND until the frontend's namespace cache has caught up: on an empty cluster the
 * worker exits (docs/deployment.md, rough edges), and compose's restart policy is what brings it back.
 */
export async function registerNamespace(address: string, namespace: string): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    await connection.workflowService
      .registerNamespace({
        namespace,
        workflowExecutionRetentionPeriod: { seconds: Long.fromNumber(7 * 24 * 3600) },
      })
      .catch((error: unknown) => {
        if ((error as { code?: number }).code !== ALREADY_EXISTS) throw error;
      });
    // describeNamespace reads the database and answers at once; listSearchAttributes goes through the
    // frontend's namespace cache (refreshed every 10 s), which is what the workers' bootstrap will meet.
    await waitUntil(
      `namespace ${namespace} served`,
      async () => (await connection.operatorService.listSearchAttributes({ namespace })) && true,
      60_000,
      { everyMs: 500 },
    );
  } finally {
    await connection.close();
  }
}
