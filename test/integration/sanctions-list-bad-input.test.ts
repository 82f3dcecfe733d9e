import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import type { Orm } from '../../src/db/orm';
import { knexOf } from '../../src/domain/companies/register-sql';
import { ServiceError } from '../../src/domain/errors';
import { sanctionsDesignation } from '../../src/domain/sanctions/sanctions-list';
import type { SanctionsListId } from '../../src/domain/sanctions/sanctions-lists';
import { importSanctionsList } from '../../src/ingest/sanctions/import-sanctions-list';
import type { SanctionsListFiles } from '../../src/ingest/sanctions/sanctions-list-layouts';
import { refreshSanctionsList } from '../../src/ingest/sanctions/refresh-sanctions-list';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * Each importer's bad input through the import path (importSanctionsList on a real store, SQLite by default,
 * PostgreSQL with TEST_DATABASE_URL): a file that is not the list (wrong header or root), a file cut short, dates
 * that cannot be read, and records rejected with their place while the rest import. The committed fixtures hold
 * the rejected records and the unreadable dates; the other cases are made from them here.
 */

const fixtures = join(__dirname, '../fixtures/sanctions');
const read = (name: string) => readFileSync(join(fixtures, name));
const one = (name: string, bytes: Buffer | string): SanctionsListFiles =>
  new Map([[name, Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes)]]);
/** Cut inside the record that starts at `marker`: the rest of the file never arrived. */
const cutAt = (bytes: Buffer, marker: string) => {
  const text = bytes.toString('utf8');
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${marker} is not in the file`);
  return text.slice(0, at + Math.ceil(marker.length / 2));
};

const UK = read('uk-sanctions-list-2026-02-13.csv');
const EU = read('eu-consolidated-list-sample.xml');
const UN = read('un-consolidated-list-sample.xml');
const ofacFiles = (sdn?: string): SanctionsListFiles =>
  new Map(
    ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'].map((name) => [
      name,
      name === 'sdn.csv' && sdn !== undefined ? Buffer.from(sdn) : read(`ofac/${name}`),
    ]),
  );
const OFAC_SDN = read('ofac/sdn.csv').toString('utf8');

interface BadInputCase {
  /** The committed fixture. */
  files: () => SanctionsListFiles;
  designations: number;
  /** Rejected records' places (the fixture's first ones), each with its file and line or record id. */
  rejected: string[];
  /** A date that cannot be read: the designation is kept, the date a warning with its place. */
  badDate: { place: string; error: RegExp; uniqueId: string };
  wrongLayout: { files: () => SanctionsListFiles; reason: RegExp };
  truncated: { files: () => SanctionsListFiles; reason: RegExp };
}

const cases: Record<SanctionsListId, BadInputCase> = {
  uk: {
    // The committed UK fixture has no unreadable date: RUS9001's Date Designated becomes 31 February here.
    files: () => one('UK-Sanctions-List.csv', UK.toString('utf8').replace('15/03/2022', '31/02/2022')),
    designations: 5,
    rejected: ['line 17', 'line 18'],
    badDate: {
      place: 'line 3',
      error: /Date Designated: "31\/02\/2022" is not a dd\/mm\/yyyy date/,
      uniqueId: 'RUS9001',
    },
    wrongLayout: {
      files: () =>
        one('UK-Sanctions-List.csv', UK.toString('utf8').replace('Unique ID', 'Unique Identifier')),
      reason: /^Not a UK Sanctions List CSV: .*Unique ID/,
    },
    truncated: {
      files: () => one('UK-Sanctions-List.csv', cutAt(UK, 'Part of an invented ""shadow fleet""')),
      reason:
        /^Not a UK Sanctions List CSV: the file ends inside a quoted field opened on line 14: it was cut short$/,
    },
  },
  ofac: {
    files: () => ofacFiles(),
    designations: 5,
    rejected: ['sdn.csv line 6', 'sdn.csv line 7', 'sdn.csv line 8', 'sdn.csv line 9', 'sdn.csv line 10'],
    badDate: { place: 'sdn.csv line 5', error: /DOB "31 Feb 1975" is not a date/, uniqueId: 'OFAC-10005' },
    wrongLayout: {
      files: () =>
        ofacFiles(
          `ent_num,SDN_Name,SDN_Type,Program,Title,Call_Sign,Vess_type,Tonnage,GRT,Vess_flag,Vess_owner,Remarks\r\n${OFAC_SDN}`,
        ),
      reason: /^Not OFAC's SDN list in its CSV layout: sdn\.csv: line 1 is not an SDN row/,
    },
    truncated: {
      files: () => ofacFiles(cutAt(Buffer.from(OFAC_SDN), 'DOB 03 Mar 1961')),
      reason: /^Not OFAC's SDN list in its CSV layout: sdn\.csv: malformed CSV/,
    },
  },
  eu: {
    files: () => one('content', EU),
    designations: 3,
    rejected: ['sanctionEntity #4', 'sanctionEntity logicalId 900005'],
    badDate: {
      place: 'sanctionEntity logicalId 900003',
      error: /publicationDate "15\/05\/2024" is not a yyyy-mm-dd date/,
      uniqueId: 'EU-900003',
    },
    wrongLayout: {
      files: () =>
        one(
          'content',
          EU.toString('utf8').replaceAll('<export ', '<exported ').replace('</export>', '</exported>'),
        ),
      reason: /the root element is "exported", expected "export"/,
    },
    truncated: {
      files: () => one('content', cutAt(EU, 'logicalId="900003"')),
      reason: /not well-formed XML at line \d+/,
    },
  },
  un: {
    files: () => one('consolidated.xml', UN),
    designations: 3,
    rejected: [
      'INDIVIDUAL DATAID 9100003',
      'INDIVIDUAL #4',
      'ENTITY DATAID 9200002',
      'ENTITY DATAID 9200003',
    ],
    badDate: {
      place: 'INDIVIDUAL DATAID 9100002',
      error: /LISTED_ON: "2014-13-40" is not a yyyy-mm-dd date/,
      uniqueId: 'SOi.902',
    },
    wrongLayout: {
      files: () =>
        one(
          'consolidated.xml',
          UN.toString('utf8')
            .replace('<CONSOLIDATED_LIST ', '<sdnList ')
            .replace('</CONSOLIDATED_LIST>', '</sdnList>'),
        ),
      reason: /the root element is "sdnList", expected "CONSOLIDATED_LIST"/,
    },
    truncated: {
      files: () => one('consolidated.xml', cutAt(UN, '<DATAID>9100002</DATAID>')),
      reason: /not well-formed XML at line \d+/,
    },
  },
};

/** The list's versions, newest first, as stored. */
async function versionsOf(em: EntityManager, list: SanctionsListId) {
  return (await knexOf(em)('sanctions_list_versions')
    .where({ list_id: list })
    .orderBy('id', 'desc')
    .select('id', 'content_sha256')) as { id: number; content_sha256: string }[];
}

async function importError(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe.each(Object.keys(cases) as SanctionsListId[])('the %s importer, given bad input', (list) => {
  const c = cases[list];
  let db: TestDatabase;
  let orm: Orm;
  const em = () => orm.em.fork();
  const source = `test:${list}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openMigrated(db);
  });
  afterAll(async () => {
    await orm?.close();
    await db?.drop();
  });

  it('refuses a file with the wrong header or root: invalid_argument with the reason, no version', async () => {
    const error = await importError(importSanctionsList(em(), list, c.wrongLayout.files(), { source }));
    expect(error.code).toBe('invalid_argument');
    expect(error.message).toMatch(c.wrongLayout.reason);
    expect(await versionsOf(em(), list)).toEqual([]);
  });

  it('refuses a file cut short: invalid_argument, no version', async () => {
    const error = await importError(importSanctionsList(em(), list, c.truncated.files(), { source }));
    expect(error.code).toBe('invalid_argument');
    expect(error.message).toMatch(c.truncated.reason);
    expect(await versionsOf(em(), list)).toEqual([]);
  });

  it('imports the rest when records are rejected, naming each with its place; an unreadable date is a warning', async () => {
    const result = await importSanctionsList(em(), list, c.files(), { source });
    expect(result).toMatchObject({
      status: 'imported',
      list,
      version: { list, designations: c.designations, added: c.designations, source },
    });
    expect(result.problems.rejected.map((p) => p.place).slice(0, c.rejected.length)).toEqual(c.rejected);
    expect(result.problems.warnings).toContainEqual({
      place: c.badDate.place,
      error: expect.stringMatching(c.badDate.error),
    });
    expect(await versionsOf(em(), list)).toHaveLength(1);
    expect(await sanctionsDesignation(em(), list, c.badDate.uniqueId)).toMatchObject({
      unique_id: c.badDate.uniqueId,
      list_id: list,
      removed_in_version: null,
    });
  });

  it('leaves the current version as it was when a refresh fails on a file that is not the list', async () => {
    const before = await versionsOf(em(), list);
    const dir = mkdtempSync(join(tmpdir(), `cds-bad-${list}-`));
    try {
      for (const [name, bytes] of c.wrongLayout.files())
        writeFileSync(join(dir, name === 'content' ? 'eu.xml' : name), bytes);
      const outcome = await refreshSanctionsList(em(), list, { kind: 'file', path: dir });
      expect(outcome).toMatchObject({ status: 'failed', list, code: 'invalid_argument' });
      expect(outcome.status === 'failed' && outcome.reason).toMatch(c.wrongLayout.reason);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await versionsOf(em(), list)).toEqual(before);
  });
});

describe('two lists held at once', () => {
  let db: TestDatabase;
  let orm: Orm;
  const em = () => orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openMigrated(db);
  });
  afterAll(async () => {
    await orm?.close();
    await db?.drop();
  });

  it('keeps separate versions: importing OFAC, or a new UK version, leaves the other list as it was', async () => {
    const uk = await importSanctionsList(em(), 'uk', cases.uk.files(), { source: 'uk' });
    const ofac = await importSanctionsList(em(), 'ofac', cases.ofac.files(), { source: 'ofac' });
    expect(ofac).toMatchObject({ status: 'imported', version: { list: 'ofac', added: 5, removed: 0 } });
    expect(ofac.version.id).not.toBe(uk.version.id);
    expect(await versionsOf(em(), 'uk')).toEqual([
      { id: uk.version.id, content_sha256: uk.version.content_sha256 },
    ]);
    // A UK version without the first fixture's designations removes them from the UK list only.
    const next = await importSanctionsList(
      em(),
      'uk',
      one('next.csv', read('uk-sanctions-list-2026-02-20.csv')),
      {
        source: 'uk',
      },
    );
    expect(next).toMatchObject({
      status: 'imported',
      version: { list: 'uk', added: 1, amended: 1, removed: 1 },
    });
    expect(await versionsOf(em(), 'ofac')).toEqual([
      { id: ofac.version.id, content_sha256: ofac.version.content_sha256 },
    ]);
    // The same OFAC files again: unchanged, whatever the UK list did meanwhile.
    expect(await importSanctionsList(em(), 'ofac', cases.ofac.files(), { source: 'ofac' })).toMatchObject({
      status: 'unchanged',
      version: { id: ofac.version.id },
    });
  });
});
