import { ConfigError, loadConfig } from '../../../src/config';
import { openCompaniesHouseLive } from '../../../src/ingest/companies-house/live/companies-house-live';

describe('Companies House configuration', () => {
  it('without a key, nothing live', () => {
    const config = loadConfig({});
    expect(config.companiesHouse).toBeNull();
    expect(openCompaniesHouseLive(config)).toBeNull();
  });

  it('with a key, the public API by default and the settings in milliseconds', () => {
    expect(loadConfig({ COMPANIES_HOUSE_API_KEY: ' abc ' }).companiesHouse).toEqual({
      apiKey: 'abc',
      apiUrl: 'https://api.company-information.service.gov.uk',
      timeoutMs: 10_000,
      notFoundTtlMs: 300_000,
    });
    expect(
      loadConfig({
        COMPANIES_HOUSE_API_KEY: 'abc',
        COMPANIES_HOUSE_API_URL: 'http://127.0.0.1:4010',
        COMPANIES_HOUSE_NOT_FOUND_TTL_SECONDS: '0',
      }).companiesHouse,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:4010', notFoundTtlMs: 0 });
  });

  it('names a bad URL', () => {
    expect(() => loadConfig({ COMPANIES_HOUSE_API_URL: 'ftp://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ COMPANIES_HOUSE_API_URL: 'ftp://x' })).toThrow(/COMPANIES_HOUSE_API_URL/);
  });
});
