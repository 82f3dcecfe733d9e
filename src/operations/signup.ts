import { z } from 'zod';
import { createAccount } from '../domain/accounts/accounts';
import { planNameSchema } from '../domain/accounts/plans';
import { publicOperation } from './operation';

export const signup = publicOperation({
  name: 'signup',
  title: 'Create an account',
  description:
    'Creates an account on the Free plan and returns its first API key. The key is shown once: only a hash is stored.',
  method: 'POST',
  path: '/signup',
  successStatus: 201,
  input: z.object({ email: z.email().max(320) }).strict(),
  output: z.object({
    account_id: z.string(),
    email: z.string(),
    plan: planNameSchema,
    api_key: z.string().describe('Shown once; store it now.'),
    api_key_id: z.string(),
    created_at: z.iso.datetime(),
  }),
  async handler(input, { em, now }) {
    const { account, apiKey } = await createAccount(em, { email: input.email, plan: 'free' }, now);
    return {
      account_id: account.id,
      email: account.email,
      plan: account.plan,
      api_key: apiKey.key,
      api_key_id: apiKey.id,
      created_at: account.createdAt.toISOString(),
    };
  },
});
