import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ITL1_REGIONS } from '../../../src/domain/places/itl1-regions';

describe('docs/places.md', () => {
  it('publishes the ITL1 table as the code has it', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/places.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| (TL[A-Z]) +\| ([^|]+?) +\| `(rgn|ctry)` ([A-Z]\d{8}) +\|$/gm)].map(
      ([, code, name, column, onsCode]) => ({ code, name, onsColumn: column, onsCode }),
    );
    expect(rows).toEqual(
      ITL1_REGIONS.map(({ code, name, onsColumn, onsCode }) => ({ code, name, onsColumn, onsCode })),
    );
  });
});
