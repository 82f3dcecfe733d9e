import { z } from 'zod';
import { createAccount } from '../domain/accounts/accounts';
import { planNameSchema } from '../domain/accounts/plans';
import { signupClientKey } from '../domain/accounts/signup-limit';
import { publicOperation } from './operation';

export const signup = publicOperation({
  name: 'signup',
  title: 'Create an account',
  description:
    'Creates an account on the Free plan and returns its first API key. The key is shown once: only a hash is ' +
    'stored. Every sign-up creates a new account, also for an email that already has one: the answer never ' +
    'tells whether an email is known. Lost your key? Ask the operator for a new key on your account. ' +
    'Limited per client address per hour (429 with Retry-After beyond it).',
  method: 'POST',
  path: '/signup',
  successStatus: 201,
  errors: ['rate_limited'],
  input: z.object({ email: z.email().max(320) }).strict(),
  output: z.object({
    account_id: z.string(),
    email: z.string(),
    plan: planNameSchema,
    api_key: z.string().describe('Shown once; store it now.'),
    api_key_id: z.string(),
    created_at: z.iso.datetime(),
  }),
  async handler(input, { em, now, services, clientAddress }) {
    // Counted before anything is written, so a refused sign-up creates nothing.
    await services.quotas.chargeSignup(signupClientKey(clientAddress), services.config.SIGNUP_LIMIT_PER_HOUR);
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
