import { Migration } from '@mikro-orm/migrations';
import { isPostgres } from './schema-builder';
import { STATUS_RANK_OF_COMPANY_STATUS } from './status-rank-0018';

/*
 * A name search's full-text tier in its own order (status rank, name length, name, number: search/tail-read.ts
 * WITHIN_TIER), so that a common word's first page is read by walking this index and keeping the names that hold
 * the words, rather than by sorting every match ("holdings": 295,000 names on 1M, 0.4–0.6 s sorted, a few ms
 * walked). SQLite only: the walk is chosen by the search (search/tail-walk.ts); PostgreSQL's planner weighs its
 * own plans, and its search is not yet measured with such an index (docs/performance.md).
 */
export class Migration0021SearchWithinTierIndex extends Migration {
  override async up(): Promise<void> {
    if (isPostgres(this)) return;
    const rank = STATUS_RANK_OF_COMPANY_STATUS;
    await this.execute(
      'create index companies_within_tier on companies ' +
        `((${rank}), length(normalised_name), normalised_name, company_number)`,
    );
  }
}
