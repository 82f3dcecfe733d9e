import { Migration } from '@mikro-orm/migrations';

/** The UK Sanctions List: list versions, designations and their names (issue 12). */
export class Migration0011SanctionsList extends Migration {
  override async up(): Promise<void> {
    // Schema to come.
  }
}
