import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { normaliseCompanyNumber } from '../../../domain/companies/company-number';
import { ServiceError } from '../../../domain/errors';
import {
  describeItemProblems,
  isStatementRow,
  pscItemSchema,
  pscRowFromItem,
  type PscRow,
} from '../../../domain/pscs/psc-item';
import { PSC_STATEMENT_KIND } from '../../../domain/pscs/psc-kinds';
import { replacePscSet, uniqueById } from '../../../domain/pscs/psc-set';
import { importCompanyResource, type ResourceImportContext } from '../../writers/company-resource-import';

/*
 * Companies House's PSC snapshot: one JSON object per line, { company_number, data: <API item> }, ending with a
 * totals line. The snapshot is the full set for every company in it, so each company's set is replaced once,
 * from all of its lines, in its own transaction (importCompanyResource), and a company that is refused keeps
 * what the store held. The file is streamed; only one company's lines are held at a time.
 *
 * - The real file keeps a company's lines together. A first, cheap pass reads only each line's company number
 *   to find companies whose lines are scattered; their lines are held back and each is written once, whole, at
 *   the end. Writing the parts as they come would leave a partial set between them and record false changes.
 * - A malformed line is reported with its number and its company is not imported at all (a set without that
 *   line would look like a PSC removed). When the line is too broken to say whose it is, the companies on the
 *   lines either side of it are refused instead.
 * - Exemptions lines are read and skipped (the store holds no exemptions); the totals line is checked against
 *   what the file held.
 */

const TOTALS_KIND = 'totals#persons-of-significant-control-snapshot';
const EXEMPTIONS_KIND = 'exemptions';

export interface PscSnapshotProblem {
  line: number;
  message: string;
}

export interface PscSnapshotResult {
  /** Companies whose set was written (including first imports, which record no changes). */
  companies: number;
  /** PSC entries written. */
  items: number;
  /** PSC statements written. */
  statements: number;
  /** Companies the register does not hold: nothing written for them. */
  unknownCompanies: number;
  /** Lines that wrote no entry: totals, exemptions, blank or malformed lines, lines of refused or unknown companies. */
  skippedLines: number;
  problems: PscSnapshotProblem[];
}

const lineSchema = z.looseObject({
  company_number: z.string().nullish(),
  data: z.looseObject({ kind: z.string().min(1) }),
});

const totalsSchema = z.looseObject({
  persons_of_significant_control_count: z.number().int().nullish(),
  statements_count: z.number().int().nullish(),
});

const NUMBER_IN_TEXT = /"company_number"\s*:\s*"([^"]*)"/;

interface Group {
  companyNumber: string;
  firstLine: number;
  rows: PscRow[];
  failed: boolean;
}

function numberIn(text: string): string | null {
  const found = NUMBER_IN_TEXT.exec(text)?.[1];
  if (found === undefined) return null;
  const number = normaliseCompanyNumber(found);
  return number.ok ? number.companyNumber : null;
}

function lines(path: string) {
  return createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
}

/** Companies whose lines are not all together in the file. */
async function scatteredCompanies(path: string): Promise<Set<string>> {
  const finished = new Set<string>();
  const scattered = new Set<string>();
  let current: string | null = null;
  for await (const text of lines(path)) {
    const number = numberIn(text);
    if (number === null || number === current) continue;
    if (current !== null) finished.add(current);
    if (finished.has(number)) scattered.add(number);
    current = number;
  }
  return scattered;
}

export async function importPscSnapshot(
  em: EntityManager,
  path: string,
  context: ResourceImportContext,
): Promise<PscSnapshotResult> {
  await access(path).catch(() => {
    throw new ServiceError('invalid_argument', `${path}: no such file, or it cannot be read`, {
      argument: 'file',
    });
  });
  const scattered = await scatteredCompanies(path);
  const result: PscSnapshotResult = {
    companies: 0,
    items: 0,
    statements: 0,
    unknownCompanies: 0,
    skippedLines: 0,
    problems: [],
  };
  const problem = (line: number, message: string) => result.problems.push({ line, message });

  const write = async (group: Group) => {
    if (group.failed) return;
    const rows = uniqueById(group.rows);
    const outcome = await importCompanyResource(
      em.fork(),
      group.companyNumber,
      'persons_with_significant_control',
      context,
      (tx) => replacePscSet(tx, group.companyNumber, rows, 'all'),
    );
    if (outcome.status === 'unknown_company') {
      result.unknownCompanies++;
      return;
    }
    result.companies++;
    const statements = rows.filter(isStatementRow).length;
    result.statements += statements;
    result.items += rows.length - statements;
  };

  const heldBack = new Map<string, Group>();
  let group: Group | null = null;
  let refuseNextGroup = false;
  const groupOf = async (companyNumber: string, line: number): Promise<Group> => {
    if (group?.companyNumber === companyNumber) {
      // The line that could not be told was inside this company's lines: it is the company after it too.
      refuseNextGroup = false;
      return group;
    }
    if (group !== null && !scattered.has(group.companyNumber)) await write(group);
    let next = heldBack.get(companyNumber);
    if (next === undefined) {
      next = { companyNumber, firstLine: line, rows: [], failed: false };
      if (scattered.has(companyNumber)) heldBack.set(companyNumber, next);
    } else {
      problem(
        line,
        `company ${companyNumber} appears again (its lines began at line ${next.firstLine}): its lines are not together, so its set is written once, from all of them, at the end of the file`,
      );
    }
    if (refuseNextGroup) next.failed = true;
    refuseNextGroup = false;
    group = next;
    return next;
  };
  /** A line whose company cannot be told: refuse the company before it and the one after it. */
  const refuseAround = () => {
    if (group !== null) group.failed = true;
    refuseNextGroup = true;
  };

  let lineNumber = 0;
  let peopleLines = 0;
  let statementLines = 0;
  let totalsSeen = false;
  for await (const raw of lines(path)) {
    lineNumber++;
    const text = lineNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      const number = numberIn(text);
      const message = `not JSON (${(error as Error).message})`;
      if (number === null) {
        problem(
          lineNumber,
          `${message}; whose line it is cannot be told, so the companies on the lines either side of it are not imported`,
        );
        refuseAround();
      } else {
        problem(lineNumber, `company ${number}: ${message}; none of the company’s lines are imported`);
        (await groupOf(number, lineNumber)).failed = true;
      }
      continue;
    }
    const envelope = lineSchema.safeParse(parsed);
    if (!envelope.success) {
      const owner = (parsed as { company_number?: unknown } | null)?.company_number;
      const number = typeof owner === 'string' ? normaliseCompanyNumber(owner) : null;
      const problems = describeItemProblems(envelope.error, 'line');
      if (number?.ok) {
        problem(
          lineNumber,
          `company ${number.companyNumber}: ${problems}; none of the company’s lines are imported`,
        );
        (await groupOf(number.companyNumber, lineNumber)).failed = true;
      } else {
        problem(lineNumber, `${problems}; the companies on the lines either side of it are not imported`);
        refuseAround();
      }
      continue;
    }
    const { company_number: rawNumber, data } = envelope.data;
    if (data.kind === TOTALS_KIND) {
      totalsSeen = true;
      const totals = totalsSchema.safeParse(data);
      const expected = totals.success ? totals.data : {};
      if (
        (expected.persons_of_significant_control_count ?? peopleLines) !== peopleLines ||
        (expected.statements_count ?? statementLines) !== statementLines
      )
        problem(
          lineNumber,
          `the totals line counts ${expected.persons_of_significant_control_count ?? '?'} persons with significant control and ${expected.statements_count ?? '?'} statements, the file holds ${peopleLines} and ${statementLines}: it may be incomplete`,
        );
      continue;
    }
    const number = normaliseCompanyNumber(rawNumber ?? '');
    if (!number.ok) {
      problem(
        lineNumber,
        `line.company_number: ${number.message}; the companies on the lines either side of it are not imported`,
      );
      refuseAround();
      continue;
    }
    const current = await groupOf(number.companyNumber, lineNumber);
    if (data.kind === EXEMPTIONS_KIND) continue;
    if (data.kind === PSC_STATEMENT_KIND) statementLines++;
    else peopleLines++;
    const item = pscItemSchema.safeParse(data);
    if (!item.success) {
      problem(
        lineNumber,
        `company ${number.companyNumber}: ${describeItemProblems(item.error, 'data')}; none of the company’s lines are imported`,
      );
      current.failed = true;
      continue;
    }
    current.rows.push(pscRowFromItem(number.companyNumber, item.data));
  }
  const last = group as Group | null;
  if (last !== null && !scattered.has(last.companyNumber)) await write(last);
  for (const held of heldBack.values()) await write(held);
  if (!totalsSeen) problem(lineNumber, 'no totals line at the end of the file: it may be incomplete');
  result.skippedLines = lineNumber - result.items - result.statements;
  return result;
}
