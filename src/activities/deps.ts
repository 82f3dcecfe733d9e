import type { Orm } from '../db/orm';
import type { Logger } from '../logger';

/** What activities may touch; tests inject their own clock, database and HTTP client. */
export interface ActivityDeps {
  orm: Orm;
  clock: () => Date;
  logger: Logger;
}
