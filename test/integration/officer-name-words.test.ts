import type { EntityManager } from '@mikro-orm/core';
import { OfficerAppointmentEntity, type OfficerAppointment } from '../../src/db/entities/officer-appointment';
import { openDatabase, type Orm } from '../../src/db/orm';
import { nameKeyMatches, officerNameKeys, parseNameQuery } from '../../src/domain/officers/officer-name';
import { nameWordRows, type NameWordRow } from '../../src/domain/officers/officer-name-word-store';
import { searchOfficers, type OfficerSearch } from '../../src/domain/officers/officer-search';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importOfficersJson } from '../../src/ingest/companies-house/resources/officers-json';
import { applyStreamEvent } from '../../src/ingest/companies-house/stream/apply-stream-event';
import { parseStreamLine } from '../../src/ingest/companies-house/stream/stream-event';
import { SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The officer name search narrowed by surname and a given word (officer_name_words, migration 0019) finds
 * exactly what the surname index and the name_key word checks found before: every search here is compared with
 * that rule computed in plain code over every stored appointment (the oracle), on names chosen for the cases
 * the word index could change. The word rows are checked to follow every write: list imports, re-imports that
 * rename or drop an officer, stream events, and the migration's backfill of appointments stored before it.
 */

const LONG_WORD = 'A'.repeat(120);

interface Officer {
  id: string;
  name: string;
  born?: [year: number, month: number];
  resigned?: string;
}

// Three companies of the register sample, each with its officer list.
const LISTS: Record<string, Officer[]> = {
  '09876543': [
    { id: 'p-john', name: 'SMITH, John', born: [1970, 5] },
    { id: 'p-john-paul', name: 'SMITH, John Paul', born: [1980, 1] },
    { id: 'p-paul-john', name: 'SMITH, Paul John', born: [1981, 2], resigned: '2024-01-31' },
    { id: 'p-initial', name: 'SMITH, J', born: [1970, 5] },
    { id: 'p-dr-john', name: 'SMITH, John, Dr', born: [1965, 7] },
    { id: 'p-no-forename', name: 'SMITH,' },
    { id: 'p-one-word', name: 'SMITH' },
  ],
  '01234567': [
    { id: 'p-john', name: 'SMITH, John', born: [1970, 5] },
    { id: 'p-surname-john', name: 'JOHN, Smith', born: [1990, 3] },
    { id: 'p-de-la-cruz', name: 'DE LA CRUZ, Maria Jose' },
    { id: 'p-smith-jones', name: 'SMITH-JONES, Anna' },
    { id: 'p-lord', name: 'LORD, Jane' },
    { id: 'p-obrien', name: "O'BRIEN, Siobhán, Mrs" },
    { id: 'c-acorn', name: 'THE ACORN SECRETARIES LTD' },
    { id: 'p-long', name: `SMITH, ${LONG_WORD} John` },
  ],
  SC412345: [
    { id: 'p-smith-smith', name: 'SMITH, Smith' },
    { id: 'p-smith-john', name: 'SMITH JOHN, Peter' },
    { id: 'p-paul', name: 'PAUL, John Smith', resigned: '2025-06-30' },
    { id: 'p-john-2', name: 'SMITH, John', born: [1985, 11] },
  ],
};

const QUERIES = [
  'John Smith',
  'SMITH, John',
  'smith john',
  'J Smith',
  'Paul Smith',
  'John Paul Smith',
  'Paul John Smith',
  'Smith Paul John',
  'Smith',
  'Dr John Smith',
  'Mr Smith',
  'Dr Mr',
  'Smith Smith',
  'Maria De La Cruz',
  'De La Cruz',
  'Cruz Maria',
  'Jose',
  'Anna Smith-Jones',
  'Jane Lord',
  'Lord',
  "siobhán o'brien",
  'Acorn Secretaries Ltd',
  'The Acorn',
  'Peter Smith John',
  'John Smith Peter',
  `${LONG_WORD} Smith`,
  `${LONG_WORD.slice(0, 100)} Smith`,
  'Nobody Smith',
];

function listJson(companyNumber: string, officers: readonly Officer[]) {
  return {
    kind: 'officer-list',
    total_results: officers.length,
    items: officers.map((officer, index) => ({
      name: officer.name,
      officer_role: officer.id.startsWith('c-') ? 'corporate-secretary' : 'director',
      appointed_on: '2020-01-01',
      ...(officer.resigned ? { resigned_on: officer.resigned } : {}),
      ...(officer.born ? { date_of_birth: { year: officer.born[0], month: officer.born[1] } } : {}),
      links: {
        self: `/company/${companyNumber}/appointments/a-${officer.id}-${index}`,
        officer: { appointments: `/officers/${officer.id}/appointments` },
      },
    })),
  };
}

const byKey = (a: readonly string[], b: readonly string[]) =>
  a.join('\u0000').localeCompare(b.join('\u0000'));

/** What a search must find: the rule of the surname index and the name_key checks, over every stored row. */
function oracle(rows: readonly OfficerAppointment[], search: OfficerSearch) {
  const found = rows.filter(
    (row) =>
      search.query.surnameKeys.includes(row.surnameKey) &&
      nameKeyMatches(row.nameKey, search.query) &&
      (search.officerId === undefined || row.officerId === search.officerId) &&
      (search.birthYear === undefined || row.birthYear === search.birthYear) &&
      (search.birthMonth === undefined || row.birthMonth === search.birthMonth) &&
      (!search.activeOnly || row.resignedOn === null),
  );
  return {
    appointments: found.map((row) => `${row.companyNumber}/${row.appointmentId}`).sort(),
    people: [...new Set(found.map((row) => row.officerId))].sort(),
  };
}

async function searched(em: EntityManager, search: OfficerSearch) {
  const result = await searchOfficers(em, search);
  expect(result.totalAppointments).toBe(result.appointments.length);
  expect(result.totalPeople).toBe(result.people.length);
  return {
    appointments: result.appointments.map((row) => `${row.companyNumber}/${row.appointmentId}`).sort(),
    people: result.people.map((person) => person.officerId).sort(),
  };
}

async function storedWordRows(em: EntityManager): Promise<NameWordRow[]> {
  const rows = (await em
    .getConnection()
    .execute('select surname_key, word, company_number, appointment_id from officer_name_words')) as Record<
    string,
    string
  >[];
  return rows
    .map((row): NameWordRow => [row.surname_key!, row.word!, row.company_number!, row.appointment_id!])
    .sort(byKey);
}

async function storedAppointments(em: EntityManager): Promise<OfficerAppointment[]> {
  return em.find(OfficerAppointmentEntity, {}, { disableIdentityMap: true });
}

describe('officer name search through officer_name_words', () => {
  let db: TestDatabase;
  let orm: Orm;
  const em = () => orm.em.fork();
  const importList = (companyNumber: string, officers: readonly Officer[], day: string) =>
    importOfficersJson(em(), companyNumber, listJson(companyNumber, officers), {
      detectedAt: new Date(`${day}T08:00:00Z`),
      source: 'import',
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openMigrated(db);
    await importCompaniesCsv(em(), SAMPLE_COMPANIES_CSV, { asOf: new Date('2026-11-22T00:00:00Z') });
    for (const [companyNumber, officers] of Object.entries(LISTS))
      expect(await importList(companyNumber, officers, '2026-11-22')).toMatchObject({ status: 'imported' });
  });
  afterAll(async () => {
    await orm?.close();
    await db?.drop();
  });

  it('indexes every word of a name beside its surname key, and no title', async () => {
    const rows = await storedWordRows(em());
    const wordsOf = (appointmentId: string) =>
      rows.filter((row) => row[3] === appointmentId).map((row) => `${row[0]}|${row[1]}`);
    expect(wordsOf('a-p-john-paul-1')).toEqual(['SMITH|JOHN', 'SMITH|PAUL']);
    expect(wordsOf('a-p-dr-john-4')).toEqual(['SMITH|JOHN']);
    expect(wordsOf('a-p-no-forename-5')).toEqual([]);
    expect(wordsOf('a-p-smith-smith-0')).toEqual([]);
    expect(wordsOf('a-p-smith-john-1')).toEqual(['SMITH JOHN|PETER']);
    expect(wordsOf('a-c-acorn-6')).toEqual(['ACORN|LIMITED', 'ACORN|SECRETARIES', 'ACORN|THE']);
    expect(wordsOf('a-p-long-7')).toEqual([`SMITH|${LONG_WORD.slice(0, 100)}`, 'SMITH|JOHN']);
    expect(rows).toEqual(nameWordRows(await storedAppointments(em())).sort(byKey));
  });

  it('finds exactly what the surname and name_key rule finds, for every query and filter', async () => {
    const rows = await storedAppointments(em());
    const filters: Partial<OfficerSearch>[] = [
      {},
      { activeOnly: true },
      { officerId: 'p-john' },
      { officerId: 'p-paul' },
      { birthYear: 1970 },
      { birthYear: 1970, birthMonth: 5 },
      { birthYear: 1985, birthMonth: 11 },
    ];
    let nonEmpty = 0;
    for (const text of QUERIES) {
      const parsed = parseNameQuery(text);
      if (!parsed.ok) throw new Error(`${text}: ${parsed.problem}`);
      for (const filter of filters) {
        const search: OfficerSearch = { query: parsed.query, activeOnly: false, limit: 500, ...filter };
        const expected = oracle(rows, search);
        if (expected.appointments.length > 0) nonEmpty++;
        expect({ text, filter, ...(await searched(em(), search)) }).toEqual({ text, filter, ...expected });
      }
    }
    // The oracle is not vacuous: most searches find someone.
    expect(nonEmpty).toBeGreaterThan(60);
  });

  it('finds a middle name, an initial, forenames in any order, a surname given as a forename', async () => {
    const people = async (text: string, filter: Partial<OfficerSearch> = {}) => {
      const parsed = parseNameQuery(text);
      if (!parsed.ok) throw new Error(parsed.problem);
      return (await searched(em(), { query: parsed.query, activeOnly: false, limit: 500, ...filter })).people;
    };
    expect(await people('Paul Smith')).toEqual(['p-john-paul', 'p-paul', 'p-paul-john']);
    expect(await people('Paul John Smith')).toEqual(['p-john-paul', 'p-paul', 'p-paul-john']);
    expect(await people('J Smith')).toEqual(['p-initial']);
    // Candidate surnames are runs of the query's words in order: PAUL, John Smith and SMITH JOHN, Peter are not.
    expect(await people('Dr John Smith')).toEqual(
      ['p-dr-john', 'p-john', 'p-john-2', 'p-john-paul', 'p-long', 'p-paul-john', 'p-surname-john'].sort(),
    );
    expect(await people('Smith')).toEqual(
      [
        'p-dr-john',
        'p-initial',
        'p-john',
        'p-john-2',
        'p-john-paul',
        'p-long',
        'p-no-forename',
        'p-one-word',
        'p-paul-john',
        'p-smith-smith',
      ].sort(),
    );
    expect(await people('Jose')).toEqual([]);
    expect(await people(`${LONG_WORD} Smith`)).toEqual(['p-long']);
    expect(await people(`${LONG_WORD.slice(0, 100)} Smith`)).toEqual([]);
    expect(await people('John Smith', { officerId: 'p-john' })).toEqual(['p-john']);
  });

  it('keeps the word rows in step when a list is imported again and when stream events replace or delete', async () => {
    // John Paul becomes Jonathan Paul; the initial-only officer leaves the list.
    await importList(
      '09876543',
      LISTS['09876543']!.map((officer) =>
        officer.id === 'p-john-paul' ? { ...officer, name: 'SMITH, Jonathan Paul' } : officer,
      ).filter((officer) => officer.id !== 'p-initial'),
      '2026-11-23',
    );
    expect(await storedWordRows(em())).toEqual(nameWordRows(await storedAppointments(em())).sort(byKey));
    const parsed = parseNameQuery('Jonathan Smith');
    if (!parsed.ok) throw new Error(parsed.problem);
    expect((await searched(em(), { query: parsed.query, activeOnly: false, limit: 10 })).people).toEqual([
      'p-john-paul',
    ]);

    const event = (appointmentId: string, data: unknown, type: 'changed' | 'deleted') => {
      const uri = `/company/SC412345/appointments/${appointmentId}`;
      const line = JSON.stringify({
        resource_kind: 'company-officers',
        resource_uri: uri,
        resource_id: appointmentId,
        ...(data === undefined ? {} : { data }),
        event: { timepoint: 1, published_at: '2026-11-23T10:15:02', type },
      });
      const parsedLine = parseStreamLine(`${line}\n`);
      if (parsedLine.kind !== 'event') throw new Error('bad event');
      return parsedLine.event;
    };
    const context = {
      source: 'companies_house_stream' as const,
      detectedAt: new Date('2026-11-23T10:16:00Z'),
    };
    const renamed = listJson('SC412345', [{ id: 'p-smith-john', name: 'SMITH JOHN, Peter Mark' }]).items[0]!;
    renamed.links.self = '/company/SC412345/appointments/a-p-smith-john-1';
    expect(
      await applyStreamEvent(em(), event('a-p-smith-john-1', renamed, 'changed'), context),
    ).toMatchObject({
      status: 'applied',
    });
    expect(await applyStreamEvent(em(), event('a-p-paul-2', undefined, 'deleted'), context)).toMatchObject({
      status: 'applied',
    });
    const words = await storedWordRows(em());
    expect(words).toEqual(nameWordRows(await storedAppointments(em())).sort(byKey));
    expect(words.filter((row) => row[2] === 'SC412345').map((row) => `${row[0]}|${row[1]}`)).toEqual([
      'SMITH JOHN|MARK',
      'SMITH JOHN|PETER',
      'SMITH|JOHN',
    ]);
  });
});

describe('migration 0019 on a store that already holds appointments', () => {
  it('backfills the word rows of every appointment, across batches', async () => {
    const db = await createTestDatabase({ empty: true });
    const orm = await openDatabase(db.database);
    try {
      await orm.getMigrator().up({ to: '0017-webhook-redeliveries' });
      // More than one backfill batch (5,000), straight into the table as a store written before 0019 holds them.
      const names = [
        'SMITH, John Paul',
        'DE LA CRUZ, Maria',
        'SMITH,',
        'THE ACORN SECRETARIES LTD',
        'LORD, Jane, Dr',
      ];
      // Without identity_verification: the column came with migration 0030, after the one this store stops at.
      const rows: Omit<OfficerAppointment, 'identityVerification'>[] = Array.from(
        { length: 5_200 },
        (_, k) => {
          const name = names[k % names.length]!;
          return {
            companyNumber: String(30_000_000 + Math.floor(k / 7)),
            appointmentId: `a${k}`,
            officerId: `o${k}`,
            name,
            ...officerNameKeys(name),
            officerRole: 'director',
            appointedOn: null,
            resignedOn: null,
            birthYear: null,
            birthMonth: null,
            nationality: null,
            countryOfResidence: null,
            occupation: null,
            address: '{}',
            details: '{}',
          };
        },
      );
      const em = orm.em.fork();
      for (let start = 0; start < rows.length; start += 200)
        await em.insertMany(OfficerAppointmentEntity, rows.slice(start, start + 200) as OfficerAppointment[]);

      await orm.getMigrator().up();
      const words = await storedWordRows(orm.em.fork());
      expect(words).toEqual(nameWordRows(rows).sort(byKey));
      // 5,200 names: 1,040 of each; John Paul gives two rows, Maria, Acorn's three words and Jane one or three.
      expect(words).toHaveLength(1_040 * (2 + 1 + 0 + 3 + 1));
    } finally {
      await orm.close();
      await db.drop();
    }
  });
});
