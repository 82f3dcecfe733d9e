import { createAccount, createApiKey, revokeApiKey, setPlan } from '../domain/accounts/accounts';
import { planNameSchema } from '../domain/accounts/plans';
import { required, type Command } from './cli-options';

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
};
