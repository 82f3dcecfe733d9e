import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { ServiceError } from '../domain/errors';
import { importDemoRegister } from '../demo/demo-data';
import { runRandomSimulation, simulateChange } from '../demo/simulator/simulate-changes';
import { optionalCount, optionalDay, optionalInteger, required, type Command } from './cli-options';
import { importReporting, withInterrupt } from './import-progress';

/**
 * Company details are written as files, a folder of about 50 KB per company, and imported at some tens of
 * companies a second: for the size of the real register (5.5 million) that is days and hundreds of gigabytes. Past
 * this many companies the demo is the register alone, as with --register-only, and its result says so.
 */
export const DEMO_DETAILS_MAX_COMPANIES = 100_000;

/** The demo world: a generated register and simulated changes. */
export const demoCommands: Record<string, Command> = {
  'demo-data': async (orm, options) => {
    const companies = optionalCount(options, 'companies');
    if (companies === undefined) throw new ServiceError('invalid_argument', '--companies is required');
    const seed = optionalInteger(options, 'seed');
    const registerOnly = options['register-only'] !== undefined;
    const details = !registerOnly && companies <= DEMO_DETAILS_MAX_COMPANIES;
    const result = await withInterrupt((signal) =>
      importDemoRegister(
        orm.em.fork(),
        {
          companies,
          seed,
          asOf: optionalDay(options, 'as-of'),
          details,
          onStep: (line) => process.stderr.write(`${line}\n`),
        },
        importReporting(signal),
      ),
    );
    if (details || registerOnly) return result;
    return {
      ...result,
      details_skipped:
        `company details are generated for registers of up to ${DEMO_DETAILS_MAX_COMPANIES.toLocaleString('en-GB')} ` +
        'companies; this one is the register alone (search, company profiles, the screener and health scores)',
    };
  },
  'simulate-changes': async (orm, options) => {
    const random = optionalCount(options, 'random', 1);
    const seed = optionalInteger(options, 'seed');
    if (random !== undefined) {
      if (options.company || options.type)
        throw new ServiceError('invalid_argument', '--random cannot be combined with --company or --type');
      return runRandomSimulation(orm.em.fork(), random, {
        seed,
        monitoredOnly: options.monitored !== undefined,
      });
    }
    const companyNumber = requireCompanyNumber(required(options, 'company'), '--company');
    return simulateChange(orm.em.fork(), companyNumber, required(options, 'type'), { seed });
  },
};
