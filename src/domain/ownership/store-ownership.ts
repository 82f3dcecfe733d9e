import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../db/entities/company';
import { heldDetailResources } from '../companies/company-details-held';
import { readCurrentPscExemption } from '../exemptions/read-exemptions';
import { readPscRegister } from '../pscs/psc-view';
import type { OwnershipNode, ReadOwnershipNode } from './ownership-node';
import type { OwnershipTrace } from './ownership-trace';
import { traceOwnership } from './trace-ownership';

/*
 * The trace read from the store. With a Companies House key, `ensureHeld` fetches an owner company the store does
 * not hold (or holds without its PSCs) before it is read, the way a per-company call fetches its company; a
 * fetch that fails leaves the chain ending at "company not held", never failing the trace.
 */

export type EnsureCompanyHeld = (companyNumber: string) => Promise<unknown>;

export interface StoreTraceOptions {
  /** YYYY-MM-DD: the day exemptions are judged on. */
  day: string;
  ensureHeld?: EnsureCompanyHeld;
  maxDepth?: number;
}

async function readNode(
  em: EntityManager,
  companyNumber: string,
  day: string,
): Promise<OwnershipNode | null> {
  const company = await em.findOne(
    CompanyEntity,
    { companyNumber },
    { fields: ['companyNumber', 'companyName', 'companyStatus'], disableIdentityMap: true },
  );
  if (company === null) return null;
  const held = (await heldDetailResources(em, companyNumber)).has('persons_with_significant_control');
  const register = held ? await readPscRegister(em, companyNumber, 'active') : null;
  return {
    company_number: company.companyNumber,
    company_name: company.companyName,
    company_status: company.companyStatus,
    owners:
      register?.items.map((item) => ({
        psc_id: item.psc_id,
        kind: item.kind,
        name: item.name,
        date_of_birth: item.date_of_birth,
        identification: item.identification,
        natures_of_control: item.natures_of_control.map((nature) => nature.code),
      })) ?? null,
    statements: register?.statements.map((statement) => statement.statement) ?? [],
    exemption: await readCurrentPscExemption(em, companyNumber, day),
  };
}

/** The company's ownership traced through the store; null when the store does not hold the company. */
export async function traceStoredOwnership(
  em: EntityManager,
  companyNumber: string,
  options: StoreTraceOptions,
): Promise<OwnershipTrace | null> {
  const root = await readNode(em, companyNumber, options.day);
  if (root === null) return null;
  const read: ReadOwnershipNode = async (number) => {
    if (options.ensureHeld !== undefined) await options.ensureHeld(number).catch(() => undefined);
    return readNode(em, number, options.day);
  };
  return traceOwnership(root, read, { maxDepth: options.maxDepth });
}
