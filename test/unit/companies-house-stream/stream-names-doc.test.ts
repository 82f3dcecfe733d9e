import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { companiesHouseStreams } from '../../../src/ingest/companies-house/stream/stream-names';

// docs/companies-house.md lists the streams the service consumes; the table in stream-names.ts is the rule.
describe('the streams table in docs/companies-house.md', () => {
  const doc = readFileSync(join(__dirname, '../../../docs/companies-house.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## The Streaming API consumers'));
  const rows = [...section.matchAll(/^\| `([a-z-]+)` +\| `(\/[a-z-]+)` +\|/gm)].map((m) => [m[1], m[2]]);

  it('names every stream with its path, in the same order, and no other', () => {
    expect(rows).toEqual(Object.entries(companiesHouseStreams).map(([name, { path }]) => [name, path]));
  });
});
