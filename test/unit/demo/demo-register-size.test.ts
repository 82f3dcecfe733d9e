import { Writable } from 'node:stream';
import { DEMO_DETAILS_MAX_COMPANIES, demoCommands } from '../../../src/cli/demo-commands';
import type { Orm } from '../../../src/db/orm';
import { importDemoRegister } from '../../../src/demo/demo-data';
import { DEMO_REGISTER_MAX_COMPANIES, writeDemoRegisterCsv } from '../../../src/demo/demo-register';

jest.mock('../../../src/demo/demo-data', () => ({
  importDemoRegister: jest.fn(async () => ({ rows: 1, details: null })),
}));

const asOf = new Date('2025-06-01T00:00:00Z');

/** A sink that fails its first write: the generator got past its checks if that is the error it reports. */
const refusingSink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done(new Error('the sink took the first row'));
    },
  });

describe('the demo register at the size of the real one', () => {
  it('takes 5.5 million companies (the real register) and refuses more than its number space holds', async () => {
    expect(DEMO_REGISTER_MAX_COMPANIES).toBeGreaterThanOrEqual(5_500_000);
    await expect(writeDemoRegisterCsv(refusingSink(), { companies: 5_500_000, asOf })).rejects.toThrow(
      'the sink took the first row',
    );
    await expect(
      writeDemoRegisterCsv(refusingSink(), { companies: DEMO_REGISTER_MAX_COMPANIES + 1, asOf }),
    ).rejects.toThrow(RangeError);
  });
});

describe('demo-data and company details', () => {
  const orm = { em: { fork: () => ({}) } } as unknown as Orm;
  const run = (options: Record<string, string | undefined>) => demoCommands['demo-data']!(orm, options, []);
  const detailsAsked = () =>
    (jest.mocked(importDemoRegister).mock.calls.at(-1)![1] as { details: boolean }).details;

  it('generates details up to the limit', async () => {
    const result = await run({ companies: String(DEMO_DETAILS_MAX_COMPANIES) });
    expect(detailsAsked()).toBe(true);
    expect(result).not.toHaveProperty('details_skipped');
  });

  it('past the limit, generates the register alone and says so', async () => {
    const result = await run({ companies: String(DEMO_DETAILS_MAX_COMPANIES + 1) });
    expect(detailsAsked()).toBe(false);
    expect(result).toHaveProperty('details_skipped', expect.stringContaining('register alone'));
  });

  it('--register-only asks for no details and needs no note', async () => {
    const result = await run({ companies: '10', 'register-only': 'true' });
    expect(detailsAsked()).toBe(false);
    expect(result).not.toHaveProperty('details_skipped');
  });

  it('refuses a missing or bad count', async () => {
    await expect(run({})).rejects.toThrow('--companies is required');
    await expect(run({ companies: '-1' })).rejects.toThrow('whole number');
  });
});
