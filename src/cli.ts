import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/orm';
import { ServiceError } from './domain/errors';
import { createLogger } from './logger';
import type { Command, CommandOptions } from './cli/cli-options';

// Operator commands. Each prints one JSON document on stdout, so scripts can read the result.
const usage = `Usage: npm run cli -- <command> [options]

  accounts create --email <email> [--plan free|starter|team]   create an account and its first API key
  accounts set-plan --account <account id> --plan <plan>       change an account's plan
  accounts find --email <email>                                list the accounts of an email (an email may have several)
  keys create (--account <account id> | --email <email>)       create another API key (shown once); --email only when
                                                               exactly one account has that email
  keys revoke --key <key id>                                   revoke a key (401 from then on)
  migrate                                                      apply pending database migrations
  import companies <file> [--as-of YYYY-MM-DD] [--restart] [--limit N] [--batch-size N]
                                                               import a BasicCompanyData CSV (resumes an unfinished
                                                               run of the same file unless --restart; Ctrl-C stops
                                                               after the current batch, resumably)
  import company-details <dir>                                 import officers, PSCs, filing history, charges,
                                                               insolvency and filed accounts laid out as in
                                                               docs/company-details.md (first import of a resource
                                                               per company is its baseline; later ones record changes)
  import psc-snapshot <file>                                   import a PSC snapshot (JSON lines)
  import accounts <file> [<file> ...]                          import filed accounts in inline XBRL
  import sanctions [--list uk|ofac|eu|un] <file-or-folder>     import a sanctions list as a new version of that list
                                                               (default uk; unchanged when it is the current one): a
                                                               UK CSV, an EU or UN XML (a folder: its newest), OFAC's
                                                               sdn.csv or the folder holding it and its companions
                                                               (add.csv, alt.csv, sdn_comments.csv): docs/sanctions.md
  import disqualified-officers <file> [<file> ...]              import Companies House disqualified-officer resources
                                                               (natural or corporate JSON as the API serves them):
                                                               docs/kyb.md, "disqualification"
  fetch disqualified-officer --kind natural|corporate --officer <officer id>
                                                               fetch one now with COMPANIES_HOUSE_API_KEY and import
                                                               it (a 404 forgets one held)
  import postcodes <file> [--names <LA names file>] [--batch-size N]
                                                               import the ONS postcode lookup (NSPL or ONSPD CSV)
                                                               and its local authority names: docs/places.md
  health refresh                                               store the health scores that are due: companies whose
                                                               data changed, scores whose valid_until has come, and
                                                               scores of an older model (imports end with this too)
  demo-data --companies <N> [--seed S] [--as-of YYYY-MM-DD] [--register-only]   (details only up to 100,000 companies)
                                                               generate a demo register and its company details
                                                               (officers, PSCs, filings, charges, accounts) and
                                                               import them
  simulate-changes --company <number> --type <alert type> [--seed S]
                                                               make one register change on one company
  simulate-changes --random <K> [--monitored] [--seed S]       K distinct changes on random active companies (only
                                                               monitored ones with --monitored), mixed like a day's
                                                               register; several kinds on a company when there are
                                                               fewer companies than K; when fewer than K can be
                                                               made, says how many and why
  sanctions refresh [--list uk|ofac|eu|un]                     refresh a sanctions list (default: every list, one
                                                               after another) now from its configured source
                                                               (triggers its sanctions-refresh Schedule, like
                                                               check-changes) and wait for the outcomes
  check-changes                                                run the change check now (triggers the change-check
                                                               Schedule on TEMPORAL_ADDRESS, or on the embedded
                                                               dev server of a running \`npm start\`), wait for it
                                                               and print what it did; a check already running is
                                                               waited for first and reported (already_running)
  endpoint-health [--account <account id>]                    webhook addresses that are disabled or failing now, per
                                                               account: consecutive failures, last error, last
                                                               success (docs/webhooks.md, "Endpoint health")
  streams status [<stream>]                                    where each Companies House stream consumer stands:
                                                               its workflow, state, last timepoint, lag, and the
                                                               store's position (docs/companies-house.md)
  streams pause <stream>                                       stop consuming a stream (the position is kept)
  streams resume <stream>                                      consume it again from where it stopped
  streams reset <stream> (--timepoint N | --live)              consume from timepoint N (events from N on are
                                                               applied again) or from the live end
`;

type Commands = Record<string, Command>;

/*
 * The commands of each first word, their module loaded only when one of them runs: a process loads what its
 * command needs. With every module loaded up front, `accounts create` spent about 1 s of its 2 s start loading the
 * importers, the demo generator and the Temporal client it never calls.
 */
const accounts = async (): Promise<Commands> => (await import('./cli/account-commands')).accountCommands;
const imports = async (): Promise<Commands> => ({
  ...(await import('./cli/import-commands')).importCommands,
  ...(await import('./cli/disqualified-officer-commands')).disqualifiedOfficerCommands,
});
const demo = async (): Promise<Commands> => (await import('./cli/demo-commands')).demoCommands;
const temporal = async (): Promise<Commands> => (await import('./cli/temporal-commands')).temporalCommands;
const webhooks = async (): Promise<Commands> => (await import('./cli/webhook-commands')).webhookCommands;
const commandsByFirstWord: Record<string, () => Promise<Commands>> = {
  accounts,
  keys: accounts,
  migrate: async () => ({ migrate: async () => ({ migrated: true }) }),
  import: imports,
  fetch: imports,
  health: imports,
  'demo-data': demo,
  'simulate-changes': demo,
  'check-changes': temporal,
  sanctions: temporal,
  streams: temporal,
  'endpoint-health': webhooks,
};

async function findCommand(positionals: string[]): Promise<Command | undefined> {
  const first = positionals[0] ?? '';
  if (!Object.hasOwn(commandsByFirstWord, first)) return undefined;
  const commands = await commandsByFirstWord[first]!();
  return commands[positionals.slice(0, 2).join(' ')] ?? commands[first];
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      plan: { type: 'string' },
      account: { type: 'string' },
      key: { type: 'string' },
      'as-of': { type: 'string' },
      restart: { type: 'boolean' },
      limit: { type: 'string' },
      'batch-size': { type: 'string' },
      companies: { type: 'string' },
      seed: { type: 'string' },
      company: { type: 'string' },
      type: { type: 'string' },
      random: { type: 'string' },
      monitored: { type: 'boolean' },
      'register-only': { type: 'boolean' },
      names: { type: 'string' },
      timepoint: { type: 'string' },
      live: { type: 'boolean' },
      list: { type: 'string' },
      kind: { type: 'string' },
      officer: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = await findCommand(positionals);
  if (values.help || !command) {
    process.stderr.write(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, 'cli');
  const orm = await openDatabase(config.database, logger);
  try {
    await migrate(orm);
    const result = await command(orm, values as CommandOptions, positionals);
    // A pipe is written asynchronously: exiting (main's process.exit) before the write completes cuts a long
    // answer short, as `simulate-changes --random 1000 | wc -c` showed.
    await new Promise<void>((resolve) =>
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`, () => resolve()),
    );
    return 0;
  } finally {
    await orm.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof ServiceError
        ? `${error.code}: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`error: ${message}\n`);
    process.exit(1);
  },
);
