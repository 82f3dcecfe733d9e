import { PassThrough, Writable } from 'node:stream';
import { companyProfileSchema, type CompanyProfile } from '../../../src/domain/companies/company-profile';
import {
  BASIC_COMPANY_DATA_HEADER_LINE,
  parseCompaniesCsv,
} from '../../../src/ingest/companies-house/companies-csv';
import { writeDemoRegisterCsv, type DemoRegisterOptions } from '../../../src/demo/demo-register';

const asOf = new Date('2025-06-01T00:00:00Z');

async function generate(options: Partial<DemoRegisterOptions> & { companies: number }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await writeDemoRegisterCsv(sink, { asOf, ...options });
  return Buffer.concat(chunks);
}

describe('writeDemoRegisterCsv', () => {
  it('writes the same bytes for the same seed', async () => {
    const first = await generate({ companies: 500, seed: 42 });
    const second = await generate({ companies: 500, seed: 42 });
    expect(first.length).toBeGreaterThan(100_000);
    expect(first.equals(second)).toBe(true);
  });

  it('writes a different register for a different seed or day', async () => {
    const base = await generate({ companies: 500, seed: 42 });
    expect(base.equals(await generate({ companies: 500, seed: 43 }))).toBe(false);
    expect(base.equals(await generate({ companies: 500, seed: 42, asOf: new Date('2024-06-01') }))).toBe(
      false,
    );
  });

  it('starts with the published header, one row per company', async () => {
    const lines = (await generate({ companies: 3 })).toString('utf8').split('\n');
    expect(lines[0]).toBe(BASIC_COMPANY_DATA_HEADER_LINE);
    expect(lines).toHaveLength(5); // header, 3 rows, the empty string after the final newline
    expect((await generate({ companies: 0 })).toString('utf8')).toBe(BASIC_COMPANY_DATA_HEADER_LINE + '\n');
  });

  it('refuses a count it cannot make', async () => {
    await expect(generate({ companies: -1 })).rejects.toThrow(RangeError);
    await expect(generate({ companies: 1.5 })).rejects.toThrow(RangeError);
    await expect(generate({ companies: 10, asOf: new Date('not a date') })).rejects.toThrow(RangeError);
  });

  it('waits for a slow reader instead of buffering the register', async () => {
    let written = 0;
    let mostBuffered = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        mostBuffered = Math.max(mostBuffered, this.writableLength);
        setImmediate(done);
      },
    });
    await writeDemoRegisterCsv(slow, { companies: 3_000, asOf });
    expect(written).toBeGreaterThan(1_000_000);
    // One 64 KiB chunk in flight at most; ignoring 'drain' would queue the whole megabyte and more.
    expect(mostBuffered).toBeLessThan(200_000);
  });

  describe('round trip through parseCompaniesCsv', () => {
    let profiles: CompanyProfile[];
    let errors: { line: number; error: string }[];

    beforeAll(async () => {
      const pipe = new PassThrough();
      const writing = writeDemoRegisterCsv(pipe, { companies: 2_000, seed: 7, asOf });
      profiles = [];
      errors = [];
      for await (const entry of parseCompaniesCsv(pipe, { asOf })) {
        if ('profile' in entry) profiles.push(entry.profile);
        else errors.push(entry);
      }
      await writing;
    });

    it('parses every row, with no errors, into valid profiles', () => {
      expect(errors).toEqual([]);
      expect(profiles).toHaveLength(2_000);
      for (const profile of profiles) companyProfileSchema.parse(profile);
    });

    it('hands out unique company numbers and names, some on the Scottish, NI and LLP registers', () => {
      const numbers = new Set(profiles.map((profile) => profile.company_number));
      expect(numbers.size).toBe(2_000);
      const stems = new Set(profiles.map((profile) => profile.company_name.replace(/ [^ ]+$/, '')));
      expect(stems.size).toBe(2_000);
      const prefixes = new Set(profiles.map((profile) => profile.company_number.slice(0, 2)));
      for (const prefix of ['SC', 'NI', 'OC']) expect(prefixes).toContain(prefix);
      expect(profiles.filter((profile) => profile.jurisdiction === 'scotland').length).toBeGreaterThan(50);
    });

    it('is mostly active, with some dissolved and some in liquidation', () => {
      const byStatus = countBy(profiles, (profile) => profile.company_status);
      expect(byStatus.active! / profiles.length).toBeGreaterThan(0.85);
      expect(byStatus.dissolved).toBeGreaterThan(10);
      expect(byStatus.liquidation).toBeGreaterThan(10);
      for (const profile of profiles.filter((p) => p.company_status === 'dissolved')) {
        expect(profile.date_of_cessation! > profile.date_of_creation!).toBe(true);
      }
    });

    it('has some overdue accounts and confirmation statements among live companies', () => {
      const active = profiles.filter((profile) => profile.company_status === 'active');
      const accounts = active.filter((profile) => profile.accounts.overdue).length;
      const statements = active.filter((profile) => profile.confirmation_statement.overdue).length;
      expect(accounts / active.length).toBeGreaterThan(0.02);
      expect(accounts / active.length).toBeLessThan(0.2);
      expect(statements / active.length).toBeGreaterThan(0.02);
      expect(statements / active.length).toBeLessThan(0.2);
    });

    it('has name changes, charges, several SIC codes and incorporations across decades', () => {
      const renamed = profiles.filter((profile) => profile.previous_company_names.length > 0);
      expect(renamed.length).toBeGreaterThan(50);
      for (const profile of renamed) {
        for (const previous of profile.previous_company_names) {
          expect(previous.ceased_on! > profile.date_of_creation!).toBe(true);
        }
      }
      expect(profiles.filter((profile) => profile.has_charges).length).toBeGreaterThan(100);
      expect(new Set(profiles.flatMap((profile) => profile.sic_codes)).size).toBeGreaterThan(40);
      const decades = new Set(profiles.map((profile) => profile.date_of_creation!.slice(0, 3)));
      expect(decades.size).toBeGreaterThanOrEqual(5);
    });

    it('puts postcodes in the postcode area of the town', () => {
      const edinburgh = profiles.filter(
        (profile) => profile.registered_office_address.locality === 'EDINBURGH',
      );
      expect(edinburgh.length).toBeGreaterThan(10);
      for (const profile of edinburgh)
        expect(profile.registered_office_address.postal_code).toMatch(/^EH\d+ \d[A-Z]{2}$/);
    });
  });
});

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
