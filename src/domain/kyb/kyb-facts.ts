import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../db/entities/company';
import { CompanyResourceImportEntity } from '../../db/entities/company-resource-import';
import type { CompanyProfile } from '../companies/company-profile';
import { companyToProfile } from '../companies/company-record';
import type { HealthScoreSummary } from '../health/score-company';
import type { InsolvencyCaseSummary } from '../insolvency/insolvency-record';
import type { OwnershipTrace } from '../ownership/ownership-trace';
import { readInsolvencyCases } from '../insolvency/read-insolvency-cases';
import {
  disqualificationLinks,
  type DisqualificationLink,
} from '../disqualifications/disqualification-links';
import { OfficerAppointmentEntity } from '../../db/entities/officer-appointment';
import { officerItem, type OfficerItem } from '../officers/officer-view';
import type { PscRegister } from '../pscs/psc-view';
import { readPscRegister } from '../pscs/psc-view';
import type { KybSanctionsScreen } from './kyb-sources';
import type { StatedAddress } from './kyb-request';
import { countActiveCompaniesAtOffice, type SharedOfficeCount } from './shared-office';
import type { NameSimilarity } from './stated-name';

/** The register's registered-office flags; null where the source did not say (the bulk file never does). */
export interface RegisteredOfficeFlags {
  inDispute: boolean | null;
  undeliverable: boolean | null;
}

/** What the store holds on the company, read once for every rule. */
export interface KybCompanyFacts {
  profile: CompanyProfile;
  /** When the register row was last written: the snapshot the check read. */
  snapshotAt: Date;
  officeFlags: RegisteredOfficeFlags;
  /** null when no PSC data was ever imported for the company (not the same as none held). */
  pscs: PscRegister | null;
  /** The officer list; null when it was never imported whole for the company. */
  officers: OfficerItem[] | null;
  /** Disqualified officers linked to the appointments, by the appointment's officer id; null without officers. */
  disqualifications: Readonly<Record<string, DisqualificationLink[]>> | null;
  insolvencyCases: InsolvencyCaseSummary[];
  /** Active companies at the same registered office; null when the office has no postcode and first line. */
  sharedOffice: SharedOfficeCount | null;
}

/** Everything the rules read: pure data, so each rule is a pure function of it. */
export interface KybFacts extends KybCompanyFacts {
  statedName: string;
  /** YYYY-MM-DD (UTC) the check is judged on. */
  asOfDay: string;
  sanctions: KybSanctionsScreen;
  health: HealthScoreSummary | null;
  similarity: NameSimilarity;
  /** More active companies than this at one registered office is a refer (KYB_SHARED_ADDRESS_THRESHOLD). */
  sharedOfficeThreshold: number;
  statedAddress: StatedAddress | null;
  /** The owners traced to people (null when not traced); the company's own exemption rides in it. */
  ownership: OwnershipTrace | null;
}

function flag(value: unknown): boolean | null {
  return value === null || value === undefined ? null : value === true || value === 1 || value === '1';
}

/** The company's facts, or undefined when the register has no such company. */
export async function loadCompanyFacts(
  em: EntityManager,
  companyNumber: string,
  asOf: Date,
): Promise<KybCompanyFacts | undefined> {
  const company = await em.findOne(CompanyEntity, { companyNumber }, { disableIdentityMap: true });
  if (company === null) return undefined;
  // Read beside the entity: the columns came with the KYB checks (migration 0012) and only KYB reads them.
  const [flags] = await em
    .getConnection()
    .execute<
      { registered_office_is_in_dispute: unknown; undeliverable_registered_office_address: unknown }[]
    >(
      'select registered_office_is_in_dispute, undeliverable_registered_office_address from companies ' +
        'where company_number = ?',
      [companyNumber],
    );
  const pscsImported =
    (await em.count(CompanyResourceImportEntity, {
      companyNumber,
      resource: 'persons_with_significant_control',
      // Imported whole: a PSC or two from the stream alone is not the company's register.
      complete: true,
    })) > 0;
  const officersImported =
    (await em.count(CompanyResourceImportEntity, { companyNumber, resource: 'officers', complete: true })) >
    0;
  const appointments = officersImported
    ? await em.find(OfficerAppointmentEntity, { companyNumber }, { disableIdentityMap: true })
    : null;
  const officers = appointments?.map(officerItem) ?? null;
  const disqualifications = appointments
    ? Object.fromEntries(await disqualificationLinks(em, appointments, asOf.toISOString().slice(0, 10)))
    : null;
  const profile = companyToProfile(company, asOf);
  return {
    profile,
    snapshotAt: company.updatedAt,
    officeFlags: {
      inDispute: flag(flags?.registered_office_is_in_dispute),
      undeliverable: flag(flags?.undeliverable_registered_office_address),
    },
    pscs: pscsImported ? await readPscRegister(em, companyNumber) : null,
    officers,
    disqualifications,
    insolvencyCases: await readInsolvencyCases(em, companyNumber),
    sharedOffice: await countActiveCompaniesAtOffice(em, profile.registered_office_address),
  };
}
