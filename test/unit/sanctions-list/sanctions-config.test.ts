import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../../src/config';

describe('where the sanctions refresh reads the list (SANCTIONS_LIST_URL / SANCTIONS_LIST_FILE)', () => {
  it('is not configured by default: nothing is fetched', () => {
    expect(loadConfig({}).sanctionsListSource).toBeNull();
    expect(loadConfig({ SANCTIONS_LIST_URL: ' ', SANCTIONS_LIST_FILE: '' }).sanctionsListSource).toBeNull();
  });

  it('reads a URL or a file path (made absolute)', () => {
    expect(
      loadConfig({ SANCTIONS_LIST_URL: 'https://lists.example/UK-Sanctions-List.csv' }).sanctionsListSource,
    ).toEqual({
      kind: 'url',
      url: 'https://lists.example/UK-Sanctions-List.csv',
    });
    expect(loadConfig({ SANCTIONS_LIST_FILE: 'data/sanctions' }).sanctionsListSource).toEqual({
      kind: 'file',
      path: resolve('data/sanctions'),
    });
  });

  it('refuses both at once, a URL that is not http(s), and plain http in production', () => {
    expect(() =>
      loadConfig({
        SANCTIONS_LIST_URL: 'https://lists.example/list.csv',
        SANCTIONS_LIST_FILE: '/tmp/list.csv',
      }),
    ).toThrow(new ConfigError('SANCTIONS_LIST_URL and SANCTIONS_LIST_FILE are both set: set one of them'));
    expect(() => loadConfig({ SANCTIONS_LIST_URL: 'ftp://lists.example/list.csv' })).toThrow(
      /SANCTIONS_LIST_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ SANCTIONS_LIST_URL: 'not a url' })).toThrow(/SANCTIONS_LIST_URL/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SANCTIONS_LIST_URL: 'http://lists.example/list.csv' }),
    ).toThrow('SANCTIONS_LIST_URL: must be https:// when NODE_ENV=production');
    expect(
      loadConfig({ SANCTIONS_LIST_URL: 'http://127.0.0.1:8080/list.csv' }).sanctionsListSource,
    ).toMatchObject({
      kind: 'url',
    });
  });
});
