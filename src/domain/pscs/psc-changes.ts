import type { ChangeDraft } from '../changes/company-changes';
import { describeNatureOfControl } from './natures-of-control';
import { isStatementRow, type PscRow } from './psc-item';
import { unnamedPsc } from './psc-kinds';
import { describePscStatement } from './psc-statements';

/*
 * What changed between two sets of one company's PSC entries, as change drafts for the register change feed
 * (psc_change alerts read newValue.description). Pure. Entries are matched by psc_id; an entry that is gone
 * from the new set was removed from the register (Companies House deletes entries made in error), which is not
 * the same as a PSC ceasing, so it is said apart.
 */

export const pscChangeActions = ['notified', 'ceased', 'changed', 'removed'] as const;
export type PscChangeAction = (typeof pscChangeActions)[number];

interface PscChangeValue {
  action: PscChangeAction;
  psc_id: string;
  name: string | null;
  kind: string;
  natures_of_control: string[];
  date: string | null;
  description: string;
}

/** The fields that make a PSC entry what it is (not its etag or links), as compared text. */
const COMPARED: readonly [keyof PscRow, string][] = [
  ['kind', 'kind'],
  ['name', 'name'],
  ['birthYear', 'date of birth'],
  ['birthMonth', 'date of birth'],
  ['nationality', 'nationality'],
  ['countryOfResidence', 'country of residence'],
  ['address', 'address'],
  ['identification', 'identification'],
  ['statement', 'statement'],
  ['notifiedOn', 'notification date'],
  ['ceasedOn', 'date ceased'],
  ['identityVerification', 'identity verification'],
];

function natures(row: PscRow): string[] {
  return JSON.parse(row.naturesOfControl) as string[];
}

function who(row: PscRow): string {
  return row.name ?? unnamedPsc(row.kind);
}

function controlWords(row: PscRow): string {
  const codes = natures(row);
  return codes.length === 0 ? '' : ` (${codes.map(describeNatureOfControl).join('; ')})`;
}

function statementWords(row: PscRow): string {
  const linked = (JSON.parse(row.details) as { linked_psc_name?: unknown }).linked_psc_name;
  return describePscStatement(row.statement ?? '', typeof linked === 'string' ? linked : null);
}

function summary(row: PscRow) {
  return {
    psc_id: row.pscId,
    name: row.name,
    kind: row.kind,
    natures_of_control: natures(row),
    statement: row.statement,
    notified_on: row.notifiedOn,
    ceased_on: row.ceasedOn,
  };
}

function describe(action: PscChangeAction, row: PscRow, changed: readonly string[]): string {
  if (isStatementRow(row)) {
    const words = statementWords(row);
    switch (action) {
      case 'notified':
        return `statement notified${row.notifiedOn ? ` on ${row.notifiedOn}` : ''}: ${words}`;
      case 'ceased':
        return `statement withdrawn${row.ceasedOn ? ` on ${row.ceasedOn}` : ''}: ${words}`;
      case 'changed':
        return `statement changed (${changed.join(', ')}): ${words}`;
      case 'removed':
        return `statement removed from the register: ${words}`;
    }
  }
  switch (action) {
    case 'notified':
      return `${who(row)} notified as a person with significant control${controlWords(row)}${row.notifiedOn ? ` on ${row.notifiedOn}` : ''}`;
    case 'ceased':
      return `${who(row)} ceased to be a person with significant control${row.ceasedOn ? ` on ${row.ceasedOn}` : ''}`;
    case 'changed':
      return `${who(row)}: details as a person with significant control changed (${changed.join(', ')})${changed.includes('natures of control') ? `; now${controlWords(row)}` : ''}`;
    case 'removed':
      return `${who(row)} removed from the register of persons with significant control`;
  }
}

function changedFields(before: PscRow, after: PscRow): string[] {
  const fields = COMPARED.filter(([key]) => before[key] !== after[key]).map(([, label]) => label);
  const oldNatures = [...natures(before)].sort().join(',');
  const newNatures = [...natures(after)].sort().join(',');
  if (oldNatures !== newNatures) fields.push('natures of control');
  return [...new Set(fields)];
}

export function diffPscs(
  companyNumber: string,
  before: readonly PscRow[],
  after: readonly PscRow[],
): ChangeDraft[] {
  const draft = (
    action: PscChangeAction,
    row: PscRow,
    old: PscRow | null,
    date: string | null,
    changed: readonly string[] = [],
  ): ChangeDraft => {
    const newValue: PscChangeValue = {
      action,
      psc_id: row.pscId,
      name: row.name,
      kind: row.kind,
      natures_of_control: natures(row),
      date,
      description: describe(action, row, changed),
    };
    return {
      companyNumber,
      change: 'updated',
      field: 'persons_with_significant_control',
      alertType: 'psc_change',
      oldValue: old === null ? null : summary(old),
      newValue,
    };
  };

  const previous = new Map(before.map((row) => [row.pscId, row]));
  const current = new Set(after.map((row) => row.pscId));
  const drafts: ChangeDraft[] = [];
  for (const row of after) {
    const old = previous.get(row.pscId);
    if (old === undefined) {
      // Notified and ceased between two imports: the ceasing is the news.
      drafts.push(
        row.ceasedOn === null
          ? draft('notified', row, null, row.notifiedOn)
          : draft('ceased', row, null, row.ceasedOn),
      );
      continue;
    }
    const changed = changedFields(old, row);
    if (changed.length === 0) continue;
    if (old.ceasedOn === null && row.ceasedOn !== null) drafts.push(draft('ceased', row, old, row.ceasedOn));
    else drafts.push(draft('changed', row, old, null, changed));
  }
  for (const old of before) if (!current.has(old.pscId)) drafts.push(draft('removed', old, old, null));
  return drafts;
}
