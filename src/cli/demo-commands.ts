import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { ServiceError } from '../domain/errors';
import { importDemoRegister } from '../demo/demo-data';
import { runRandomSimulation, simulateChange } from '../demo/simulator/simulate-changes';
import { optionalCount, optionalDay, optionalInteger, required, type Command } from './cli-options';
import { importReporting, withInterrupt } from './import-progress';

/** The demo world: a generated register and simulated changes. */
export const demoCommands: Record<string, Command> = {
  'demo-data': async (orm, options) => {
    const companies = optionalCount(options, 'companies');
    if (companies === undefined) throw new ServiceError('invalid_argument', '--companies is required');
    const seed = optionalInteger(options, 'seed');
    return withInterrupt((signal) =>
      importDemoRegister(
        orm.em.fork(),
        {
          companies,
          seed,
          asOf: optionalDay(options, 'as-of'),
          details: options['register-only'] === undefined,
        },
        importReporting(signal),
      ),
    );
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
