import type { EntityManager } from '@mikro-orm/core';
import { DEFAULT_SHARED_OFFICE_THRESHOLD } from '../domain/kyb/run-kyb-check';

const SHOWN = 5;

/**
 * Where run_kyb_check shows registered_office_po_box and registered_office_shared (at the default threshold) on
 * the demo data, in words, for the start-up log. A few of each: the log names examples, not the whole register.
 */
export async function demoRegisteredOfficeRisk(
  em: EntityManager,
): Promise<{ registered_office_po_box: string[]; registered_office_shared: string[] }> {
  const connection = em.getConnection();
  const poBoxes: { company_number: string; company_name: string; po_box: string }[] =
    await connection.execute(
      "select company_number, company_name, po_box from companies where po_box is not null and po_box <> '' " +
        'order by company_number limit ?',
      [SHOWN],
    );
  const shared: { first_company: string; address_line_1: string; postal_code: string; n: number | string }[] =
    await connection.execute(
      `select min(company_number) as first_company, min(address_line_1) as address_line_1, ` +
        `min(postal_code) as postal_code, count(*) as n from companies ` +
        `where company_status = 'active' and postcode_compact is not null and office_line_key is not null ` +
        `group by postcode_compact, office_line_key having count(*) > ? order by count(*) desc limit ?`,
      [DEFAULT_SHARED_OFFICE_THRESHOLD, SHOWN],
    );
  return {
    registered_office_po_box: poBoxes.map(
      (row) => `${row.company_number} ${row.company_name}: PO Box ${row.po_box}`,
    ),
    registered_office_shared: shared.map(
      (row) =>
        `${row.address_line_1}, ${row.postal_code}: ${Number(row.n)} active companies (more than ` +
        `${DEFAULT_SHARED_OFFICE_THRESHOLD}), e.g. ${row.first_company}`,
    ),
  };
}
