import { Migration } from '@mikro-orm/migrations';

/** Each company's latest filed figures and growth, the screener's indexed row (issue 11). */
export class Migration0010LatestFigures extends Migration {
  override async up(): Promise<void> {
    // Schema to come.
  }
}
