import { Migration } from '@mikro-orm/migrations';
import { isPostgres } from './schema-builder';
import { STATUS_RANK_OF_COMPANY_STATUS } from './status-rank-0018';

/*
 * Migration 0021's index on PostgreSQL: the full-text tier in its own order, so that a common word's first page is
 * walked rather than sorted over every match (search/tail-walk.ts). The status is included so that the walk is an
 * index-only scan: the planner takes a row's columns from an index only when every column the query names (here
 * the status under the rank's expression) is in it, and the walk would otherwise read a table row per entry.
 * The search chooses the walk itself, and orders its sorted reads so that the planner cannot walk this index on
 * its own: measured, it did so for words whose matches the head had taken, reading most of the index (2 s).
 */
export class Migration0022SearchWithinTierIndexPostgres extends Migration {
  override async up(): Promise<void> {
    if (!isPostgres(this)) return;
    const rank = STATUS_RANK_OF_COMPANY_STATUS;
    await this.execute(
      'create index companies_within_tier on companies ' +
        `((${rank}), length(normalised_name), normalised_name, company_number) include (company_status)`,
    );
  }
}
