import type { Client } from '@temporalio/client';
import type { Config } from './config';
import type { Orm } from './db/orm';
import type { Quotas } from './domain/accounts/quota';
import type { Logger } from './logger';

/** The long-lived things an API process holds; built once at start-up (see server.ts). */
export interface Services {
  config: Config;
  orm: Orm;
  temporal: Client;
  logger: Logger;
  clock: () => Date;
  quotas: Quotas;
}
