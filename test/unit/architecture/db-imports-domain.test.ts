import { join } from 'node:path';
import { importGraphOf, repoRoot } from './source-imports';

/*
 * db/ sits below domain/ (docs/decisions.md, "Migrations are frozen history"): it never imports domain behaviour.
 * An entity may name a domain type where that type is the column's own vocabulary (the values the column holds),
 * by `import type` only, so nothing of the domain is loaded with the store. Each such import is listed here with
 * its reason; anything else from src/db into src/domain fails.
 */

const COLUMN_VOCABULARY: Record<string, { from: string; reason: string }[]> = {
  'src/db/entities/account.ts': [{ from: 'src/domain/accounts/plans.ts', reason: 'plan holds a plan name' }],
  'src/db/entities/alert.ts': [
    { from: 'src/domain/webhooks/events.ts', reason: 'type and severity hold an alert type and severity' },
  ],
  'src/db/entities/register-change.ts': [
    {
      from: 'src/domain/changes/company-changes.ts',
      reason: 'change and field hold a change kind and field',
    },
    { from: 'src/domain/webhooks/events.ts', reason: 'alert_type holds the alert type a change raises' },
  ],
  'src/db/entities/company-health-score.ts': [
    {
      from: 'src/domain/health/health-model.ts',
      reason: 'grade and risk_level hold a health grade and risk level',
    },
  ],
  'src/db/entities/sanctions-list-version.ts': [
    { from: 'src/domain/sanctions/sanctions-lists.ts', reason: 'list_id holds a sanctions list id' },
  ],
  'src/db/entities/company-latest-figures.ts': [
    {
      from: 'src/domain/screening/latest-figures-row.ts',
      reason: "the columns are the screener row's fields",
    },
  ],
};

const graph = importGraphOf(join(repoRoot, 'src/db'));

/** Every import from src/db into src/domain, as "file → target (type)" or "(value)". */
function dbToDomain(): string[] {
  return [...graph].flatMap(([file, imports]) =>
    imports
      .filter(({ target }) => target?.startsWith('src/domain/'))
      .map(({ target, typeOnly }) => `${file} → ${target} (${typeOnly ? 'type' : 'value'})`),
  );
}

describe('imports from src/db into src/domain', () => {
  it('are only type imports of a column vocabulary listed here', () => {
    const allowed = Object.entries(COLUMN_VOCABULARY).flatMap(([file, vocabularies]) =>
      vocabularies.map(({ from }) => `${file} → ${from} (type)`),
    );
    expect(dbToDomain().filter((found) => !allowed.includes(found))).toEqual([]);
  });

  it('list no vocabulary the store no longer imports', () => {
    // A stale entry would allow an import nobody decided on.
    const found = dbToDomain();
    const stale = Object.entries(COLUMN_VOCABULARY).flatMap(([file, vocabularies]) =>
      vocabularies
        .filter(({ from }) => !found.includes(`${file} → ${from} (type)`))
        .map(({ from }) => `${file} → ${from}`),
    );
    expect(stale).toEqual([]);
  });

  it('give each listed vocabulary a reason', () => {
    for (const vocabularies of Object.values(COLUMN_VOCABULARY))
      for (const { reason } of vocabularies) expect(reason.length).toBeGreaterThan(10);
  });
});
