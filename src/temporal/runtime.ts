import { DefaultLogger, Runtime, type LogLevel } from '@temporalio/worker';
import type { Logger } from '../logger';

const levels: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/**
 * Installs the Temporal runtime once per process, before any worker or connection exists: the SDK's own
 * logs (worker state, bundling) go through our JSON logger, at WARN and above unless LOG_LEVEL asks for
 * more; and the SDK does not handle SIGINT/SIGTERM itself, because our shutdown stops things in order.
 */
export function installTemporalRuntime(logger: Logger): void {
  const child = logger.child({ component: 'temporal-sdk' });
  const threshold: LogLevel = logger.isLevelEnabled('debug') ? 'INFO' : 'WARN';
  Runtime.install({
    shutdownSignals: [],
    logger: new DefaultLogger(threshold, (entry) => {
      child[levels[entry.level]]({ ...entry.meta }, entry.message);
    }),
  });
}
