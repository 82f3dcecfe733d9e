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
      refreshAfterMs: 24 * 3_600_000,
      documentApiUrl: 'https://document-api.company-information.service.gov.uk',
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

  it('streams: none without a stream key; all seven by default; a chosen few; an unknown name refused', () => {
    expect(loadConfig({}).companiesHouseStreams).toBeNull();
    expect(loadConfig({ COMPANIES_HOUSE_STREAM_KEY: 'k' }).companiesHouseStreams).toEqual({
      streamKey: 'k',
      streamUrl: 'https://stream.companieshouse.gov.uk',
      streams: [
        'companies',
        'filings',
        'officers',
        'persons-with-significant-control',
        'charges',
        'insolvency-cases',
        'disqualified-officers',
      ],
    });
    expect(
      loadConfig({ COMPANIES_HOUSE_STREAM_KEY: 'k', COMPANIES_HOUSE_STREAMS: ' filings, companies ,filings' })
        .companiesHouseStreams?.streams,
    ).toEqual(['filings', 'companies']);
    expect(() =>
      loadConfig({ COMPANIES_HOUSE_STREAM_KEY: 'k', COMPANIES_HOUSE_STREAMS: 'companies,people' }),
    ).toThrow(/COMPANIES_HOUSE_STREAMS: unknown stream "people"/);
    expect(() => loadConfig({ COMPANIES_HOUSE_STREAM_KEY: 'k', COMPANIES_HOUSE_STREAMS: ' , ' })).toThrow(
      /COMPANIES_HOUSE_STREAMS/,
    );
    expect(() => loadConfig({ COMPANIES_HOUSE_STREAM_URL: 'ftp://x' })).toThrow(/COMPANIES_HOUSE_STREAM_URL/);
  });
});
