import { ConfigError, loadConfig } from '../../../src/config';

describe('configuration from the environment', () => {
  it('gives the embedded default with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_UI_PORT: 8233,
    });
    expect(config.database).toMatchObject({ kind: 'sqlite' });
    expect(config.database.kind === 'sqlite' && config.database.path.endsWith('data/app.db')).toBe(true);
    expect(config.TEMPORAL_ADDRESS).toBeUndefined();
    expect(config.webhookDevAllowedOrigins).toEqual([]);
  });

  it('uses PostgreSQL for a postgres:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app' }).database).toEqual({
      kind: 'postgresql',
      url: 'postgres://u:p@db:5432/app',
    });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'not a url' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['TEMPORAL_TLS', { TEMPORAL_TLS: 'yes' }],
    ['MCP_ALWAYS_SDK_TRANSPORT', { MCP_ALWAYS_SDK_TRANSPORT: 'always' }],
    ['MCP_ALLOWED_ORIGINS', { MCP_ALLOWED_ORIGINS: 'https://assistant.example.org/app' }],
  ])('names %s when its value is bad', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^[\\s\\S]*\\b${variable}\\b`));
  });

  it('answers MCP requests directly unless MCP_ALWAYS_SDK_TRANSPORT is set', () => {
    expect(loadConfig({}).MCP_ALWAYS_SDK_TRANSPORT).toBe(false);
    expect(loadConfig({ MCP_ALWAYS_SDK_TRANSPORT: 'true' }).MCP_ALWAYS_SDK_TRANSPORT).toBe(true);
    expect(loadConfig({ MCP_ALWAYS_SDK_TRANSPORT: '1' }).MCP_ALWAYS_SDK_TRANSPORT).toBe(true);
    expect(loadConfig({ MCP_ALWAYS_SDK_TRANSPORT: 'false' }).MCP_ALWAYS_SDK_TRANSPORT).toBe(false);
  });

  it('parses WEBHOOK_DEV_ALLOWED_ORIGINS and refuses it in production', () => {
    const origins = 'http://127.0.0.1:4000, http://localhost:4001';
    expect(loadConfig({ WEBHOOK_DEV_ALLOWED_ORIGINS: origins }).webhookDevAllowedOrigins).toHaveLength(2);
    expect(() => loadConfig({ WEBHOOK_DEV_ALLOWED_ORIGINS: origins, NODE_ENV: 'production' })).toThrow(
      /WEBHOOK_DEV_ALLOWED_ORIGINS .*production/,
    );
    expect(() => loadConfig({ WEBHOOK_DEV_ALLOWED_ORIGINS: 'http://127.0.0.1:4000/path' })).toThrow(
      /WEBHOOK_DEV_ALLOWED_ORIGINS/,
    );
  });

  it('parses the OAuth client metadata dev allowances and refuses them in production', () => {
    const origin = 'https://127.0.0.1:4443';
    const dev = loadConfig({
      OAUTH_CLIENT_METADATA_DEV_ALLOWED_ORIGINS: origin,
      OAUTH_CLIENT_METADATA_DEV_CA_FILE: 'ca.pem',
    });
    expect(dev.clientMetadataDevAllowedOrigins).toEqual([origin]);
    expect(dev.clientMetadataDevCaFile).toBe('ca.pem');
    expect(loadConfig({}).clientMetadataDevAllowedOrigins).toEqual([]);
    expect(() =>
      loadConfig({ OAUTH_CLIENT_METADATA_DEV_ALLOWED_ORIGINS: origin, NODE_ENV: 'production' }),
    ).toThrow(/OAUTH_CLIENT_METADATA_DEV_ALLOWED_ORIGINS .*production/);
    expect(() => loadConfig({ OAUTH_CLIENT_METADATA_DEV_CA_FILE: 'ca.pem', NODE_ENV: 'production' })).toThrow(
      /OAUTH_CLIENT_METADATA_DEV_CA_FILE .*production/,
    );
    expect(() => loadConfig({ OAUTH_CLIENT_METADATA_DEV_ALLOWED_ORIGINS: `${origin}/path` })).toThrow(
      /OAUTH_CLIENT_METADATA_DEV_ALLOWED_ORIGINS/,
    );
  });

  it('reads CHANGE_CHECK_INTERVAL_SECONDS: 900 by default, at least 5, whole seconds', () => {
    expect(loadConfig({}).CHANGE_CHECK_INTERVAL_SECONDS).toBe(900);
    expect(loadConfig({ CHANGE_CHECK_INTERVAL_SECONDS: '20' }).CHANGE_CHECK_INTERVAL_SECONDS).toBe(20);
    for (const bad of ['4', '1.5', 'abc', '100000']) {
      expect(() => loadConfig({ CHANGE_CHECK_INTERVAL_SECONDS: bad })).toThrow(
        /CHANGE_CHECK_INTERVAL_SECONDS/,
      );
    }
  });
});
