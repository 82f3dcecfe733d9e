import { Migration } from '@mikro-orm/migrations';
import { isPostgres } from './schema-builder';

/*
 * register_changes.source widened from 16 to 32 characters for the live sources, 'companies_house_api' (19)
 * and 'companies_house_stream' (22) (db/entities/register-change.ts). PostgreSQL enforces the length; SQLite
 * never does (its varchar is text), and rebuilding the feed's table there to change a declaration it ignores
 * would copy every change for nothing.
 */
export class Migration0015RegisterChangeSourceLength extends Migration {
  override async up(): Promise<void> {
    if (isPostgres(this))
      await this.execute('alter table register_changes alter column source type varchar(32)');
  }
}
