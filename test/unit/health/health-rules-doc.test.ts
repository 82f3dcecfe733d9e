import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GRADE_BANDS, RISK_BANDS } from '../../../src/domain/health/health-bands';
import { HEALTH_RULES } from '../../../src/domain/health/health-rules';
import { healthCategories } from '../../../src/domain/health/rule-outcome';

const doc = readFileSync(join(__dirname, '../../../docs/health-score.md'), 'utf8').split('\n');

/** The rows of the first table after `heading` whose header row is `header`, cells trimmed. */
function tableAfter(heading: string, header: string[]): string[][] {
  const at = doc.indexOf(heading);
  expect(at).toBeGreaterThanOrEqual(0);
  const start = doc.findIndex(
    (line, i) => i > at && line.startsWith('|') && cells(line).join('|') === header.join('|'),
  );
  expect(start).toBeGreaterThan(at);
  const end = doc.findIndex((line, i) => i > start && !line.startsWith('|'));
  const rows = doc.slice(start, end === -1 ? undefined : end).map(cells);
  expect(rows[1]!.every((cell) => /^:?-+:?$/.test(cell))).toBe(true);
  return rows.slice(2);
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

describe('docs/health-score.md', () => {
  it('publishes every rule of HEALTH_RULES once, in order, with its title, category, effect and rationale', () => {
    const rows = tableAfter('## Rules', ['code', 'title', 'category', 'effect', 'rationale']);
    const documented = rows.map(([code, title, category, effect, rationale]) => ({
      code: code!.replace(/^`(.*)`$/, '$1'),
      title,
      category,
      effect,
      rationale,
    }));
    expect(documented).toEqual(
      HEALTH_RULES.map(({ code, title, category, effect, rationale }) => ({
        code,
        title,
        category,
        effect,
        rationale,
      })),
    );
  });

  it('has unique codes, known categories and a rationale for every rule, and covers every category', () => {
    const codes = HEALTH_RULES.map((rule) => rule.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const rule of HEALTH_RULES) {
      expect(healthCategories).toContain(rule.category);
      expect(rule.rationale.length).toBeGreaterThan(30);
      expect(rule.code).toMatch(/^[a-z_]+$/);
    }
    expect(new Set(HEALTH_RULES.map((rule) => rule.category))).toEqual(new Set(healthCategories));
  });

  it('publishes the grade bands GRADE_BANDS applies', () => {
    const rows = tableAfter('## Grades and risk levels', ['grade', 'score']);
    const expected = GRADE_BANDS.map((band, i) => [
      band.grade,
      `${band.minScore}–${i === 0 ? 100 : GRADE_BANDS[i - 1]!.minScore - 1}`,
    ]);
    expect(rows).toEqual(expected);
  });

  it('publishes the risk bands RISK_BANDS applies', () => {
    const rows = tableAfter('## Grades and risk levels', ['risk_level', 'score']);
    const expected = RISK_BANDS.map((band, i) => [
      band.riskLevel,
      `${band.minScore}–${i === 0 ? 100 : RISK_BANDS[i - 1]!.minScore - 1}`,
    ]);
    expect(rows.map(([level, score]) => [level, score!.split(',')[0]])).toEqual(expected);
    expect(rows.find(([level]) => level === 'severe')?.[1]).toContain('while a status rule fires');
  });
});
