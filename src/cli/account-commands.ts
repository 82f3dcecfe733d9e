import {
  accountsWithEmail,
  createAccount,
  createApiKey,
  revokeApiKey,
  setPlan,
  soleAccountWithEmail,
} from '../domain/accounts/accounts';
import { planNameSchema } from '../domain/accounts/plans';
import { ServiceError } from '../domain/errors';
import type { Orm } from '../db/orm';
import { required, type CommandOptions, type Command } from './cli-options';

/** Accounts and their API keys. */
export const accountCommands: Record<string, Command> = {
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
  // An email may have several accounts (every sign-up makes one): this lists them, for the operator to choose.
  'accounts find': async (orm, options) => {
    const accounts = await accountsWithEmail(orm.em.fork(), required(options, 'email'));
    return {
      accounts: accounts.map((a) => ({
        account_id: a.id,
        email: a.email,
        plan: a.plan,
        created_at: a.createdAt.toISOString(),
      })),
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
  // How a returning user who lost their key gets one: sign-up makes a new, empty account instead.
  'keys create': async (orm, options) => {
    const accountId = await accountNamed(orm, options);
    const key = await createApiKey(orm.em.fork(), accountId, new Date());
    return { account_id: accountId, api_key: key.key, api_key_id: key.id };
  },
  'keys revoke': async (orm, options) => {
    const key = await revokeApiKey(orm.em.fork(), required(options, 'key'), new Date());
    return { api_key_id: key.id, revoked_at: key.revokedAt?.toISOString() };
  },
};

/** --account ID, or --email E when exactly one account has that email (several are refused, listing them). */
async function accountNamed(orm: Orm, options: CommandOptions): Promise<string> {
  if (options.account && options.email)
    throw new ServiceError('invalid_argument', 'Give --account or --email, not both');
  if (options.account) return options.account;
  if (options.email) return (await soleAccountWithEmail(orm.em.fork(), options.email)).id;
  throw new ServiceError('invalid_argument', '--account (or --email) is required');
}
