import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KYB_CHECKS_NOT_PERFORMED } from '../../../src/domain/kyb/kyb-checks-not-performed';
import { OUTCOME_PRECEDENCE } from '../../../src/domain/kyb/kyb-outcome';
import {
  KYB_CHECKS,
  KYB_REASONS,
  kybChecks,
  kybReasonCodes,
  type KybCheck,
  type KybReasonCode,
} from '../../../src/domain/kyb/kyb-reasons';
import { COMPANY_RULES } from '../../../src/domain/kyb/kyb-rules';

const doc = readFileSync(join(__dirname, '../../../docs/kyb.md'), 'utf8').split('\n');

/** The rows of the first table after `heading`, each as its trimmed cells with backticks removed. */
function tableAfter(heading: string, header: string[]): string[][] {
  const at = doc.indexOf(heading);
  expect(at).toBeGreaterThanOrEqual(0);
  const start = doc.findIndex((line, i) => i > at && line.startsWith('|'));
  const end = doc.findIndex((line, i) => i > start && !line.startsWith('|'));
  const rows = doc.slice(start, end === -1 ? undefined : end).map((line) =>
    line
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1')),
  );
  expect(rows[0]).toEqual(header);
  expect(rows[1]!.every((cell) => /^:?-+:?$/.test(cell))).toBe(true);
  return rows.slice(2);
}

describe('the reason table in docs/kyb.md', () => {
  const rows = tableAfter('## Reason codes', ['code', 'check', 'outcome', 'title', 'evidence']);

  it('lists every reason code once, in the code’s order', () => {
    expect(rows.map(([code]) => code)).toEqual([...kybReasonCodes]);
  });

  it('gives each reason the check, outcome, title and evidence KYB_REASONS gives it', () => {
    for (const [code, check, outcome, title, evidence] of rows) {
      expect({ code, check, outcome, title, evidence }).toEqual({
        code,
        ...KYB_REASONS[code as KybReasonCode],
      });
    }
  });
});

describe('the check table in docs/kyb.md', () => {
  const rows = tableAfter('## Checks', ['check', 'what it looks at']);

  it('lists every check once, in the order they run, with the description the results carry', () => {
    expect(rows.map(([check]) => check)).toEqual([...kybChecks]);
    for (const [check, description] of rows) {
      expect({ check, description }).toEqual({
        check,
        description: KYB_CHECKS[check as KybCheck].description,
      });
    }
  });
});

describe('the outcome order in docs/kyb.md', () => {
  it('is the order the code decides by', () => {
    const line = doc.find((text) => text.startsWith('Outcome order:'));
    expect(line).toBeDefined();
    const documented = [...line!.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]);
    expect(documented).toEqual([...OUTCOME_PRECEDENCE]);
  });
});

describe('the rule set', () => {
  it('runs one rule per check after company, in the table’s order', () => {
    expect(['company', ...COMPANY_RULES.map((rule) => rule.check)]).toEqual([...kybChecks]);
  });

  it('names an existing check for every reason, and every check but company has a reason of its own', () => {
    for (const code of kybReasonCodes) {
      const { check } = KYB_REASONS[code];
      expect([...kybChecks, 'any']).toContain(check);
    }
    for (const check of kybChecks) {
      expect(kybReasonCodes.some((code) => KYB_REASONS[code].check === check)).toBe(true);
    }
  });
});

describe('the checks-not-performed table in docs/kyb.md', () => {
  const rows = tableAfter('## What a pass means', ['check', 'why']);

  it('lists every check not performed once, with the line every result carries', () => {
    expect(rows.map(([check, why]) => ({ check, why }))).toEqual([...KYB_CHECKS_NOT_PERFORMED]);
  });
});
