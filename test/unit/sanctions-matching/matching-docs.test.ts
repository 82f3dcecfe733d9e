import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { birthDateRules } from '../../../src/domain/sanctions/matching/compare-birth-dates';
import { nationalityRules, residenceRules } from '../../../src/domain/sanctions/matching/compare-countries';
import { legalFormRules } from '../../../src/domain/sanctions/matching/legal-form-comparison';
import { tokenMatchMethods } from '../../../src/domain/sanctions/matching/token-similarity';
import {
  DEFAULT_MATCH_SETTINGS,
  SANCTIONS_MATCHING_VERSION,
} from '../../../src/domain/sanctions/matching/match-settings';

const doc = readFileSync(join(__dirname, '../../../docs/sanctions-matching.md'), 'utf8');

/** The rows of the first table after `heading`, each as its cells. */
function tableAfter(heading: string, header: string[]): string[][] {
  const lines = doc.split('\n');
  const at = lines.indexOf(heading);
  expect(at).toBeGreaterThanOrEqual(0);
  const start = lines.findIndex((line, i) => i > at && line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  const rows = lines.slice(start, end === -1 ? undefined : end).map((line) =>
    line
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => cell.trim()),
  );
  expect(rows[0]).toEqual(header);
  return rows.slice(2);
}

function flatten(value: unknown, prefix = ''): [string, number][] {
  if (typeof value === 'number') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    flatten(inner, prefix === '' ? key : `${prefix}.${key}`),
  );
}

describe('docs/sanctions-matching.md', () => {
  it('publishes every setting once with its default', () => {
    const rows = tableAfter('## Settings and defaults', ['setting', 'default', 'meaning']);
    const documented = rows.map(([setting, value]) => [setting!.replace(/^`(.*)`$/, '$1'), Number(value)]);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(flatten(DEFAULT_MATCH_SETTINGS)));
    expect(documented).toHaveLength(flatten(DEFAULT_MATCH_SETTINGS).length);
  });

  it('names every date-of-birth, nationality and residence rule', () => {
    const rows = tableAfter('## Dates of birth, nationality, residence', ['rule', 'when', 'setting']);
    const rules = rows.map(([rule]) => rule!.replace(/^`(.*)`$/, '$1'));
    expect(rules.sort()).toEqual([...birthDateRules, ...nationalityRules, ...residenceRules].sort());
  });

  it('describes every way two words can be paired, in the order the explanation names them', () => {
    const rows = tableAfter('## Comparing two names', ['method', 'how the words agree', 'example', 'credit']);
    expect(rows.map(([method]) => method!.replace(/^`(.*)`$/, '$1'))).toEqual([...tokenMatchMethods]);
  });

  it('names every legal-form rule', () => {
    const rows = tableAfter('## Legal forms', ['rule', 'when', 'adjustment']);
    expect(rows.map(([rule]) => rule!.replace(/^`(.*)`$/, '$1')).sort()).toEqual([...legalFormRules].sort());
  });

  it('names the current model version and says what a match is not', () => {
    expect(doc).toContain(`\`${SANCTIONS_MATCHING_VERSION}\``);
    expect(doc).toContain('not a finding that anyone is sanctioned');
  });
});
