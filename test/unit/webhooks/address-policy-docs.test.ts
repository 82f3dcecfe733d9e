import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  REFUSED_HOST_NAMES,
  REFUSED_IPV4_RANGES,
  REFUSED_IPV6_RANGES,
} from '../../../src/domain/outbound/address-table';

// docs/webhook-addresses.md lists the address table; address-table.ts is the rule.
describe('the address table in docs/webhook-addresses.md', () => {
  const doc = readFileSync(join(__dirname, '../../../docs/webhook-addresses.md'), 'utf8');

  /** The rows of the first table after `heading`, each cell trimmed, the code cell without its backticks. */
  function tableAfter(heading: string): string[][] {
    const start = doc.indexOf(`\n${heading}\n`);
    expect(start).toBeGreaterThan(-1);
    const lines = doc.slice(start).split('\n');
    const first = lines.findIndex((line) => line.startsWith('|'));
    const table = lines.slice(
      first,
      lines.findIndex((line, i) => i > first && !line.startsWith('|')),
    );
    return table.slice(2).map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1')),
    );
  }

  it('lists every host name row, in the same order, and no other', () => {
    expect(tableAfter('### Host names')).toEqual(
      REFUSED_HOST_NAMES.map((row) => [
        row.name,
        row.match === 'suffix' ? 'it and every name under it' : 'that name only',
        row.what,
        row.source,
      ]),
    );
  });

  it.each([
    ['### IPv4 ranges', REFUSED_IPV4_RANGES],
    ['### IPv6 ranges', REFUSED_IPV6_RANGES],
  ])('lists every row under "%s", in the same order, and no other', (heading, rows) => {
    expect(tableAfter(heading)).toEqual(rows.map((row) => [row.range, row.what, row.source]));
  });

  it('gives the number of rows the code has', () => {
    const total = REFUSED_HOST_NAMES.length + REFUSED_IPV4_RANGES.length + REFUSED_IPV6_RANGES.length;
    expect(doc).toContain(`\n${total} rows: `);
  });
});
