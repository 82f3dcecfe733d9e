import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { migrate, openDatabase, type Orm } from './db/orm';
import { createAccount, createApiKey, revokeApiKey, setPlan } from './domain/accounts/accounts';
import { planNameSchema } from './domain/accounts/plans';
import { ServiceError } from './domain/errors';
import { createLogger } from './logger';

// Operator commands. Each prints one JSON document on stdout, so scripts can read the result.
const usage = `Usage: npm run cli -- <command> [options]

  accounts create --email <email> [--plan free|starter|team]   create an account and its first API key
  accounts set-plan --account <account id> --plan <plan>       change an account's plan
  keys create --account <account id>                           create another API key (shown once)
  keys revoke --key <key id>                                   revoke a key (401 from then on)
  migrate                                                      apply pending database migrations
`;

type Command = (orm: Orm, options: Record<string, string | undefined>) => Promise<unknown>;

function required(options: Record<string, string | undefined>, name: string): string {
  const value = options[name];
  if (!value) throw new ServiceError('invalid_argument', `--${name} is required`);
  return value;
}

const commands: Record<string, Command> = {
  'accounts create': async (orm, options) => {
    const plan = planNameSchema.parse(options.plan ?? 'free');
    const { account, apiKey } = await createAccount(
      orm.em.fork(),
      { email: required(options, 'email'), plan },
      new Date(),
    );
    return {
      account_id: account.id,
      email: account.email,
      plan: account.plan,
      api_key: apiKey.key,
      api_key_id: apiKey.id,
    };
  },
  'accounts set-plan': async (orm, options) => {
    const account = await setPlan(
      orm.em.fork(),
      required(options, 'account'),
      planNameSchema.parse(options.plan),
    );
    return { account_id: account.id, plan: account.plan };
  },
  'keys create': async (orm, options) => {
    const key = await createApiKey(orm.em.fork(), required(options, 'account'), new Date());
    return { api_key: key.key, api_key_id: key.id };
  },
  'keys revoke': async (orm, options) => {
    const key = await revokeApiKey(orm.em.fork(), required(options, 'key'), new Date());
    return { api_key_id: key.id, revoked_at: key.revokedAt?.toISOString() };
  },
  migrate: async () => ({ migrated: true }),
};

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      plan: { type: 'string' },
      account: { type: 'string' },
      key: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const name = positionals.slice(0, 2).join(' ');
  const command = commands[name] ?? commands[positionals[0] ?? ''];
  if (values.help || !command) {
    process.stderr.write(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, 'cli');
  const orm = await openDatabase(config.database, logger);
  try {
    await migrate(orm);
    const result = await command(orm, values as Record<string, string | undefined>);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
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
