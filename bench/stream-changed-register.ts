import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { parse } from 'csv-parse';
import type { z } from 'zod';
import { ChunkedWriter } from '../src/demo/chunked-writer';
import { STREET_TYPES, STREETS } from '../src/demo/demo-register-vocabulary';
import type { CompanyProfile } from '../src/domain/companies/company-profile';
import { parseCompaniesCsv } from '../src/ingest/companies-house/companies-csv';
import { BASIC_COMPANY_DATA_HEADER_LINE, col } from '../src/ingest/companies-house/basic-company-data-layout';
import type { companyProfileResourceSchema } from '../src/ingest/companies-house/resources/company-profile-resource';
import type { StreamEventToPublish } from '../test/support/companies-house-stand-in/stream-stand-in';

/*
 * Register B of bench:stream: the companies of register A, each with one real change (a new first line of its
 * registered office), in both forms the service reads: the bulk company CSV, and one company-profile event per
 * company on the companies stream. The events are built from the profiles the CSV parser reads out of B, so the
 * two forms carry the same records and the two stores should end the same.
 */

/** Companies House's company profile resource (GET /company/{n}), as the stream's `data` carries it. */
type CompanyProfileResource = z.input<typeof companyProfileResourceSchema>;

/** A new first line for row `index`, never the old one: another street of the demo vocabulary. */
export function movedAddressLine1(index: number, old: string): string {
  for (let attempt = 0; ; attempt++) {
    const k = index + attempt * 7919;
    const line = `${1 + (k % 197)} ${STREETS[k % STREETS.length]} ${STREET_TYPES[(k >> 3) % STREET_TYPES.length]}`;
    if (line !== old) return line;
  }
}

const quoted = (fields: readonly string[]) => `"${fields.map((f) => f.replaceAll('"', '""')).join('","')}"\n`;

/** Copies CSV `from` to `to` with each row's RegAddress.AddressLine1 moved; returns the rows written. */
export async function writeMovedRegisterCsv(from: string, to: string): Promise<number> {
  const writer = new ChunkedWriter(createWriteStream(to));
  await writer.write(`${BASIC_COMPANY_DATA_HEADER_LINE}\n`);
  let rows = 0;
  const records = createReadStream(from).pipe(parse({ bom: true, from_line: 2, relax_column_count: true }));
  for await (const record of records as AsyncIterable<string[]>) {
    record[col.addressLine1] = movedAddressLine1(rows, record[col.addressLine1] ?? '');
    await writer.write(quoted(record));
    rows++;
  }
  await writer.close(true);
  return rows;
}

/** A value or nothing: the API leaves out what a company does not have rather than sending null. */
const present = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/**
 * The company profile resource for a register profile: the inverse of profileFromResource, with the fields
 * Companies House sends that the store does not keep (etag, links, can_file) filled in as it fills them.
 */
export function companyProfileResource(profile: CompanyProfile): CompanyProfileResource {
  const n = profile.company_number;
  const address = Object.fromEntries(
    Object.entries(profile.registered_office_address).filter(([, value]) => value !== null),
  );
  const ard = profile.accounts.accounting_reference_date;
  const resource: CompanyProfileResource = {
    company_name: profile.company_name,
    company_number: n,
    company_status: profile.company_status,
    company_status_detail: present(profile.company_status_detail),
    type: profile.type,
    subtype: present(profile.subtype),
    jurisdiction: present(profile.jurisdiction),
    date_of_creation: present(profile.date_of_creation),
    date_of_cessation: present(profile.date_of_cessation),
    registered_office_address: address,
    sic_codes: profile.sic_codes.length > 0 ? profile.sic_codes : undefined,
    has_charges: profile.has_charges,
    has_insolvency_history: profile.has_insolvency_history,
    undeliverable_registered_office_address: false,
    can_file: profile.company_status === 'active',
    accounts: {
      // The API sends the reference day and month as strings.
      accounting_reference_date: ard ? { day: String(ard.day), month: String(ard.month) } : undefined,
      last_accounts: {
        made_up_to: present(profile.accounts.last_accounts.made_up_to),
        type: profile.accounts.last_accounts.type ?? 'null',
      },
      next_made_up_to: present(profile.accounts.next_made_up_to),
      next_due: present(profile.accounts.next_due),
      overdue: profile.accounts.overdue,
    },
    confirmation_statement: {
      last_made_up_to: present(profile.confirmation_statement.last_made_up_to),
      next_made_up_to: present(profile.confirmation_statement.next_made_up_to),
      next_due: present(profile.confirmation_statement.next_due),
      overdue: profile.confirmation_statement.overdue,
    },
    annual_return:
      profile.annual_return.last_made_up_to || profile.annual_return.next_due
        ? {
            last_made_up_to: present(profile.annual_return.last_made_up_to),
            next_due: present(profile.annual_return.next_due),
          }
        : undefined,
    previous_company_names:
      profile.previous_company_names.length > 0
        ? profile.previous_company_names.map((name) => ({
            name: name.name,
            effective_from: present(name.effective_from),
            ceased_on: present(name.ceased_on),
          }))
        : undefined,
    links: {
      self: `/company/${n}`,
      filing_history: `/company/${n}/filing-history`,
      officers: `/company/${n}/officers`,
      persons_with_significant_control: `/company/${n}/persons-with-significant-control`,
      ...(profile.has_charges ? { charges: `/company/${n}/charges` } : {}),
    },
  };
  // JSON leaves the undefined fields out, as the API does; the etag is a hash of what is sent, as an etag is.
  const data = JSON.parse(JSON.stringify(resource)) as CompanyProfileResource;
  return { etag: createHash('sha1').update(JSON.stringify(data)).digest('hex'), ...data };
}

/** The company-profile event of the companies stream for one profile; the stand-in assigns the timepoint. */
export function companyProfileEvent(profile: CompanyProfile): StreamEventToPublish {
  const n = profile.company_number;
  return {
    resource_kind: 'company-profile',
    resource_uri: `/company/${n}`,
    resource_id: n,
    data: companyProfileResource(profile),
    event: { type: 'changed' },
  };
}

/** The profiles of a BasicCompanyData CSV, read by the importer's parser, in batches; a bad row stops the run. */
export async function* profileBatches(
  file: string,
  asOf: Date,
  size: number,
): AsyncGenerator<CompanyProfile[], void, undefined> {
  let batch: CompanyProfile[] = [];
  for await (const entry of parseCompaniesCsv(createReadStream(file), { asOf })) {
    if ('error' in entry) throw new Error(`${file}:${entry.line}: ${entry.error}`);
    batch.push(entry.profile);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
