import { seededDemoDatabase } from '../../support/demo-database';
import { startTestApp, type TestApp } from '../../support/test-app';

/** Text a browser must never run, put where the register's own text goes. */
export const HOSTILE_NAME = '<img src=x onerror=alert(1)> & "Sons" </script> LTD';
export const HOSTILE_OFFICER = 'SMITH, <b>Jo</b> & "Al"';

export interface SeededCompanies {
  /** Officers, PSCs, charges, filings, and filed and comparative accounts: every section has something. */
  rich: string;
  /** An insolvency case, and no charges. */
  insolvent: string;
}

/**
 * The service on the demo register with its details, as the embedded default seeds a fresh store (officers,
 * PSCs, filings, charges, insolvency and three years of iXBRL accounts), and the companies the company page's
 * tests look at, found by what they hold rather than by number. The rich company's name and one officer's are made
 * hostile.
 */
export async function startOnCompanyPages(): Promise<{ app: TestApp; companies: SeededCompanies }> {
  const app = await startTestApp({}, { database: (await seededDemoDatabase()).db });
  return { app, companies: await findCompanyPages(app) };
}

async function findCompanyPages(app: TestApp): Promise<SeededCompanies> {
  const connection = app.services.orm.em.getConnection();
  const holding = (table: string, where = '') =>
    `exists (select 1 from ${table} t where t.company_number = c.company_number ${where})`;
  const [rich] = await connection.execute<{ company_number: string }[]>(
    `select c.company_number from companies c where ${holding('officer_appointments')} and ` +
      `${holding('persons_with_significant_control')} and ${holding('charges')} and ${holding('filings')} and ` +
      `${holding('accounts_years', "and t.origin = 'comparative'")} and ` +
      `${holding('accounts_years', "and t.origin = 'filed'")} order by c.company_number limit 1`,
  );
  const [insolvent] = await connection.execute<{ company_number: string }[]>(
    `select c.company_number from companies c where ${holding('insolvency_cases')} and ` +
      `not ${holding('charges')} order by c.company_number limit 1`,
  );
  if (!rich || !insolvent) throw new Error('the demo register has no company to show');
  await connection.execute('update companies set company_name = ? where company_number = ?', [
    HOSTILE_NAME,
    rich.company_number,
  ]);
  const [officer] = await connection.execute<{ appointment_id: string }[]>(
    'select appointment_id from officer_appointments where company_number = ? order by appointment_id limit 1',
    [rich.company_number],
  );
  await connection.execute('update officer_appointments set name = ? where appointment_id = ?', [
    HOSTILE_OFFICER,
    officer!.appointment_id,
  ]);
  return { rich: rich.company_number, insolvent: insolvent.company_number };
}
