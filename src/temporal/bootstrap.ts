import Long from 'long';
import type { Client } from '@temporalio/client';
import type { Logger } from '../logger';
import { allSearchAttributes } from './search-attributes';

// gRPC status codes and Temporal's IndexedValueType numbers, as the wire carries them.
const status = { NOT_FOUND: 5, ALREADY_EXISTS: 6, PERMISSION_DENIED: 7, UNIMPLEMENTED: 12 } as const;
const KEYWORD = 2; // temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD
const indexedValueTypes: Record<string, number> = {
  TEXT: 1,
  KEYWORD,
  INT: 3,
  DOUBLE: 4,
  BOOL: 5,
  DATETIME: 6,
  KEYWORD_LIST: 7,
};

function grpcCode(error: unknown): number | undefined {
  return (error as { code?: number }).code;
}

// A cluster's frontend learns a newly registered namespace from its cache, refreshed every 10 s: until then the
// operator API answers NOT_FOUND for it (two workers starting on a fresh cluster both died on that).
const NAMESPACE_CACHE_WAIT = { attempts: 30, delayMs: 1_000 };

async function whenNamespaceIsKnown<T>(call: () => Promise<T>, wait = NAMESPACE_CACHE_WAIT): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (grpcCode(error) !== status.NOT_FOUND || attempt >= wait.attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait.delayMs));
    }
  }
}

/**
 * Idempotent start-up of what the worker needs on any cluster: the namespace and the search attributes.
 * On Temporal Cloud both are managed outside the SDK; a permission error there is logged, not fatal.
 */
export async function bootstrapTemporal(client: Client, namespace: string, logger: Logger): Promise<void> {
  const service = client.connection.workflowService;
  try {
    await service.describeNamespace({ namespace });
  } catch (error) {
    if (grpcCode(error) !== status.NOT_FOUND) throw error;
    logger.info({ namespace }, 'registering the Temporal namespace');
    await service
      .registerNamespace({
        namespace,
        workflowExecutionRetentionPeriod: { seconds: Long.fromNumber(7 * 24 * 3600) },
      })
      // Another worker, or the cluster's own setup, may register it between our look and our write.
      .catch((registerError: unknown) => {
        if (grpcCode(registerError) !== status.ALREADY_EXISTS) throw registerError;
      });
  }

  const operator = client.connection.operatorService;
  const known = await whenNamespaceIsKnown(() => operator.listSearchAttributes({ namespace })).then(
    (existing) => new Set(Object.keys(existing.customAttributes ?? {})),
    (error: unknown) => {
      // Temporal's Java time-skipping server can add search attributes but not list them: add them all.
      if (grpcCode(error) === status.UNIMPLEMENTED) return new Set<string>();
      throw error;
    },
  );
  const missing = allSearchAttributes.filter((key) => !known.has(key.name));
  if (missing.length === 0) return;
  try {
    const searchAttributes = Object.fromEntries(
      missing.map((key) => [key.name, indexedValueTypes[key.type] ?? KEYWORD]),
    );
    await operator.addSearchAttributes({ namespace, searchAttributes });
    logger.info({ added: missing.map((k) => k.name) }, 'registered Temporal search attributes');
  } catch (error) {
    if (grpcCode(error) === status.ALREADY_EXISTS) return;
    if (grpcCode(error) === status.PERMISSION_DENIED || grpcCode(error) === status.UNIMPLEMENTED) {
      logger.warn(
        { err: error },
        'could not register search attributes; register them on the cluster by hand',
      );
      return;
    }
    throw error;
  }
}
