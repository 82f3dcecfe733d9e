import type { Account } from '../db/entities/account';
import type { Logger } from '../logger';

export interface AppState {
  requestId: string;
  logger: Logger;
  /** Parsed JSON body; undefined when the request had none. */
  body?: unknown;
  account?: Account;
}
