import { resolve } from 'node:path';
import { ConfigError, configSchema, loadConfig } from '../../../src/config';
import { sanctionsListIds } from '../../../src/domain/sanctions/sanctions-lists';
import { SANCTIONS_LIST_REFRESH } from '../../../src/ingest/sanctions/sanctions-list-refresh-table';

describe('where each list refresh reads its list (SANCTIONS_LIST_* for the UK, SANCTIONS_<LIST>_* for the others)', () => {
  it('is not configured by default: nothing is fetched', () => {
    expect(loadConfig({}).sanctionsListSources).toEqual({ uk: null, ofac: null, eu: null, un: null });
    expect(
      loadConfig({ SANCTIONS_LIST_URL: ' ', SANCTIONS_LIST_FILE: '', SANCTIONS_EU_URL: '' })
        .sanctionsListSources,
    ).toEqual({ uk: null, ofac: null, eu: null, un: null });
  });

  it('has every variable of the refresh table in the validated environment, one pair per list', () => {
    const variables = sanctionsListIds.flatMap((list) => [
      SANCTIONS_LIST_REFRESH[list].urlVariable,
      SANCTIONS_LIST_REFRESH[list].fileVariable,
    ]);
    expect(new Set(variables).size).toBe(8);
    for (const variable of variables) expect(Object.keys(configSchema.shape)).toContain(variable);
  });

  it('reads each list its URL or its file path (made absolute), the UK from its variables of old', () => {
    expect(
      loadConfig({
        SANCTIONS_LIST_URL: 'https://lists.example/UK-Sanctions-List.csv',
        SANCTIONS_OFAC_URL:
          'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV',
        SANCTIONS_EU_FILE: 'data/eu',
        SANCTIONS_UN_URL: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml',
      }).sanctionsListSources,
    ).toEqual({
      uk: { kind: 'url', url: 'https://lists.example/UK-Sanctions-List.csv' },
      ofac: {
        kind: 'url',
        url: 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV',
      },
      eu: { kind: 'file', path: resolve('data/eu') },
      un: { kind: 'url', url: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml' },
    });
    expect(loadConfig({ SANCTIONS_OFAC_FILE: 'data/ofac' }).sanctionsListSources.ofac).toEqual({
      kind: 'file',
      path: resolve('data/ofac'),
    });
  });

  it.each(sanctionsListIds)(
    'refuses, for the %s list, both at once, a URL that is not http(s), and plain http in production',
    (list) => {
      const { urlVariable: url, fileVariable: file } = SANCTIONS_LIST_REFRESH[list];
      const address = (scheme: string) => `${scheme}://lists.example/${list}/sdn.csv`;
      expect(() => loadConfig({ [url]: address('https'), [file]: '/tmp/list' })).toThrow(
        new ConfigError(`${url} and ${file} are both set: set one of them`),
      );
      expect(() => loadConfig({ [url]: address('ftp') })).toThrow(
        `${url}: must be an http:// or https:// URL`,
      );
      expect(() => loadConfig({ [url]: 'not a url' })).toThrow(url);
      expect(() => loadConfig({ NODE_ENV: 'production', [url]: address('http') })).toThrow(
        `${url}: must be https:// when NODE_ENV=production`,
      );
      expect(loadConfig({ [url]: 'http://127.0.0.1:8080/sdn.csv' }).sanctionsListSources[list]).toMatchObject(
        {
          kind: 'url',
        },
      );
    },
  );

  it("refuses an OFAC URL that does not name SDN.CSV: its companions' addresses come from it", () => {
    expect(() => loadConfig({ SANCTIONS_OFAC_URL: 'https://lists.example/ofac/latest' })).toThrow(
      'SANCTIONS_OFAC_URL: An OFAC source URL names its sdn.csv',
    );
    expect(
      loadConfig({ SANCTIONS_OFAC_URL: 'https://www.treasury.gov/ofac/downloads/sdn.csv' })
        .sanctionsListSources.ofac,
    ).toEqual({ kind: 'url', url: 'https://www.treasury.gov/ofac/downloads/sdn.csv' });
  });
});
