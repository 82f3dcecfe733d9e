import { Migration } from '@mikro-orm/migrations';

/** Health scores stored per company and the queue of companies to rescore (issue 11). Filled in by the health-score storage work. */
export class Migration0008HealthScores extends Migration {
  override async up(): Promise<void> {
    // Schema to come.
  }
}
