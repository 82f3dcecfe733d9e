import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseDevAllowedOrigins } from './domain/outbound/address-policy';
import { parseAllowedOrigins } from './http/mcp-origin-policy';
import { parseDnsServer } from './domain/outbound/dns-server-resolver';
import { sanctionsListIds, type SanctionsListId } from './domain/sanctions/sanctions-lists';
import { SANCTIONS_LIST_REFRESH } from './ingest/sanctions/sanctions-list-refresh-table';
import { ofacUrls, type SanctionsListSource } from './ingest/sanctions/sanctions-list-source';
import { companiesHouseStreamNames } from './ingest/companies-house/stream/stream-names';

// Every setting comes from the environment (see .env.example). Validated once at start-up so a bad value
// stops the process with a message naming the variable, instead of failing later somewhere deep.
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const sanctionsListUrl = optionalString.pipe(
  z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_BASE_URL: z.url().default('http://localhost:3000'),
  UPGRADE_URL: z.url().default('https://example.com/pricing'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(postgres|postgresql|sqlite):/, 'must start with postgres://, postgresql:// or sqlite:')
      .optional(),
  ),
  /** Development only: origins (e.g. http://127.0.0.1:4000) let through the webhook address rules. */
  WEBHOOK_DEV_ALLOWED_ORIGINS: optionalString,
  /** Development and tests only: the one DNS server (IP[:port]) the webhook sender asks instead of the system's. */
  WEBHOOK_DNS_SERVER: optionalString,
  /**
   * After how long of nothing but failed attempts a webhook address is disabled (docs/webhooks.md, "Endpoint
   * health"): 5 days unless set; at least 1 s, so a test can reach it with a moved clock.
   */
  WEBHOOK_DISABLE_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(365 * 86_400)
    .default(5 * 86_400),
  /**
   * SQLite only: threads that run reads (search, company reads) off the event loop; one more takes reads that
   * have proven quick (src/db/read-pool/). Ignored on PostgreSQL, whose pool is already asynchronous.
   */
  SQLITE_READ_THREADS: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  /**
   * Send every POST /mcp through the SDK's Streamable HTTP transport, also the single JSON-answered requests the
   * endpoint otherwise answers itself (src/http/mcp-direct-reply.ts): a switch to fall back on, not a tuning knob.
   */
  MCP_ALWAYS_SDK_TRANSPORT: booleanFlag,
  /**
   * Origins (comma-separated, scheme://host[:port]) whose browser pages may call /mcp besides PUBLIC_BASE_URL's
   * own; any other Origin gets 403 origin_refused (src/http/mcp-origin-policy.ts).
   */
  MCP_ALLOWED_ORIGINS: optionalString,
  /** Sign-ups (POST /signup) one client address (an IPv4 address, an IPv6 /64) may make in an hour, across every API process. */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(5),
  /**
   * Failed web sign-ins (POST /app/sign-in) one client address may make in an hour, counted as sign-ups are. A key
   * carries 192 random bits, so this is not what stops guessing: it stops a list of leaked or old keys being tried
   * in bulk, and bounds the lookups one address can cause; ten leaves room for mistyped or revoked keys.
   */
  SIGN_IN_FAILURES_PER_HOUR: z.coerce.number().int().positive().default(10),
  /**
   * OAuth client registrations (POST /oauth/register, RFC 7591) one client address may make in an hour, counted
   * as sign-ups are: an assistant registers once per install, so twenty leaves room and stops a flood.
   */
  OAUTH_REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /**
   * Development and tests only: origins (scheme://host:port) whose client ID metadata documents are fetched past
   * the address rules, e.g. a client served on 127.0.0.1 (src/http/oauth/client-metadata-fetch.ts).
   */
  OAUTH_CLIENT_METADATA_DEV_ALLOWED_ORIGINS: optionalString,
  /** Development and tests only: a PEM file of one more certificate authority, trusted for those origins only. */
  OAUTH_CLIENT_METADATA_DEV_CA_FILE: optionalString,
  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_API_KEY: optionalString,
  TEMPORAL_TLS: booleanFlag,
  TEMPORAL_TLS_CLIENT_CERT_PATH: optionalString,
  TEMPORAL_TLS_CLIENT_KEY_PATH: optionalString,
  TEMPORAL_TLS_SERVER_CA_CERT_PATH: optionalString,
  TEMPORAL_TLS_SERVER_NAME: optionalString,
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('company-data'),
  /**
   * How often the `change-check` Schedule runs: the spec's 15 minutes unless set. A shorter interval lets a proof
   * (scripts/topology) watch several slots go by; at least 5 s, so a typo cannot flood the cluster.
   */
  CHANGE_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  TEMPORAL_DEV_SERVER_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
  TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
  TEMPORAL_CLI_PATH: optionalString,
  /**
   * Where each list's daily refresh reads it: an http(s) URL, or a file or folder; at most one per list
   * (src/ingest/sanctions/sanctions-list-refresh-table.ts). The UK's variables keep their names from before there
   * were other lists.
   */
  SANCTIONS_LIST_URL: sanctionsListUrl,
  SANCTIONS_LIST_FILE: optionalString,
  SANCTIONS_OFAC_URL: sanctionsListUrl,
  SANCTIONS_OFAC_FILE: optionalString,
  SANCTIONS_EU_URL: sanctionsListUrl,
  SANCTIONS_EU_FILE: optionalString,
  SANCTIONS_UN_URL: sanctionsListUrl,
  SANCTIONS_UN_FILE: optionalString,
  /** Scores (0–1) a name comparison must reach to be a potential sanctions match: people, and entities. */
  SANCTIONS_MATCH_THRESHOLD_PERSON: optionalString.pipe(
    z.coerce.number<string | undefined>().min(0).max(1).optional(),
  ),
  SANCTIONS_MATCH_THRESHOLD_ENTITY: optionalString.pipe(
    z.coerce.number<string | undefined>().min(0).max(1).optional(),
  ),
  /**
   * The longest a sanctions screen (screen_sanctions, and the screen inside run_kyb_check) may run before it is
   * stopped with deadline_exceeded and not charged: a busy process answers rather than queueing calls for ever.
   */
  SANCTIONS_SCREEN_DEADLINE_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * A KYB check refers a company whose registered office (same postcode and first line) is shared by more active
   * companies than this: formation agents' and virtual offices' addresses carry thousands (docs/kyb.md).
   */
  KYB_SHARED_ADDRESS_THRESHOLD: z.coerce.number().int().positive().default(50),
  /** Companies House public data API key (REST); unset: nothing is fetched live (docs/companies-house.md). */
  COMPANIES_HOUSE_API_KEY: optionalString,
  COMPANIES_HOUSE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.company-information.service.gov.uk'),
  COMPANIES_HOUSE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How long a 404 ("no such company") is remembered before Companies House is asked again. */
  COMPANIES_HOUSE_NOT_FOUND_TTL_SECONDS: z.coerce.number().int().min(0).default(300),
  /** A company held longer than this since it was last fetched is refreshed in the background when asked for. */
  COMPANIES_HOUSE_REFRESH_AFTER_HOURS: z.coerce.number().min(0).default(24),
  /** Companies House Document API (filed accounts' inline XBRL); the REST key authenticates there too. */
  COMPANIES_HOUSE_DOCUMENT_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://document-api.company-information.service.gov.uk'),
  /** Companies House Streaming API key (a stream key, not a REST key); unset: no stream is consumed. */
  COMPANIES_HOUSE_STREAM_KEY: optionalString,
  COMPANIES_HOUSE_STREAM_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://stream.companieshouse.gov.uk'),
  /** Which streams to consume, comma-separated; all six by default. */
  COMPANIES_HOUSE_STREAMS: optionalString,
});

export type Config = z.infer<typeof configSchema> & {
  /** Parsed MCP_ALLOWED_ORIGINS, serialised as browsers send them. */
  mcpAllowedOrigins: string[];
  /** Parsed WEBHOOK_DEV_ALLOWED_ORIGINS; always empty in production. */
  webhookDevAllowedOrigins: string[];
  /** Parsed OAUTH_CLIENT_METADATA_DEV_ALLOWED_ORIGINS; always empty in production. */
  clientMetadataDevAllowedOrigins: string[];
  /** OAUTH_CLIENT_METADATA_DEV_CA_FILE, null when unset; never set in production. */
  clientMetadataDevCaFile: string | null;
  /** Parsed WEBHOOK_DNS_SERVER (`host:port`, IPv6 in brackets); null when unset, and never set in production. */
  webhookDnsServer: string | null;
  /** Resolved database target: the SQLite file path or the PostgreSQL URL. */
  database: { kind: 'sqlite'; path: string } | { kind: 'postgresql'; url: string };
  /** Each list's URL or file; null when neither is set (its refresh reports not_configured). */
  sanctionsListSources: Record<SanctionsListId, SanctionsListSource | null>;
  /** The thresholds set in the environment; the matcher's defaults fill the rest. */
  sanctionsMatchThresholds: { person?: number; entity?: number };
  /** The Companies House REST client's settings; null without COMPANIES_HOUSE_API_KEY (nothing live). */
  companiesHouse: CompaniesHouseSettings | null;
  /** The Streaming API consumer's settings; null without COMPANIES_HOUSE_STREAM_KEY (no stream runs). */
  companiesHouseStreams: CompaniesHouseStreamSettings | null;
};

export interface CompaniesHouseSettings {
  apiKey: string;
  apiUrl: string;
  timeoutMs: number;
  notFoundTtlMs: number;
  /** A held company older than this (since its last fetch, or its import) is refreshed in the background. */
  refreshAfterMs: number;
  documentApiUrl: string;
}

export interface CompaniesHouseStreamSettings {
  streamKey: string;
  streamUrl: string;
  /** Stream names (src/ingest/companies-house/stream/stream-names.ts), in the order given. */
  streams: string[];
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  return {
    ...values,
    database: resolveDatabase(values.DATABASE_URL, values.DATA_DIR),
    mcpAllowedOrigins: mcpAllowedOrigins(values.MCP_ALLOWED_ORIGINS),
    webhookDevAllowedOrigins: devAllowedOrigins(
      'WEBHOOK_DEV_ALLOWED_ORIGINS',
      values.WEBHOOK_DEV_ALLOWED_ORIGINS,
      values.NODE_ENV,
    ),
    clientMetadataDevAllowedOrigins: devAllowedOrigins(
      'OAUTH_CLIENT_METADATA_DEV_ALLOWED_ORIGINS',
      values.OAUTH_CLIENT_METADATA_DEV_ALLOWED_ORIGINS,
      values.NODE_ENV,
    ),
    clientMetadataDevCaFile: devOnly(
      'OAUTH_CLIENT_METADATA_DEV_CA_FILE',
      values.OAUTH_CLIENT_METADATA_DEV_CA_FILE,
      values.NODE_ENV,
    ),
    webhookDnsServer: webhookDnsServer(values.WEBHOOK_DNS_SERVER, values.NODE_ENV),
    sanctionsListSources: sanctionsListSources(values),
    companiesHouse:
      values.COMPANIES_HOUSE_API_KEY === undefined
        ? null
        : {
            apiKey: values.COMPANIES_HOUSE_API_KEY,
            apiUrl: values.COMPANIES_HOUSE_API_URL,
            timeoutMs: values.COMPANIES_HOUSE_TIMEOUT_MS,
            notFoundTtlMs: values.COMPANIES_HOUSE_NOT_FOUND_TTL_SECONDS * 1000,
            refreshAfterMs: values.COMPANIES_HOUSE_REFRESH_AFTER_HOURS * 3_600_000,
            documentApiUrl: values.COMPANIES_HOUSE_DOCUMENT_API_URL,
          },
    companiesHouseStreams:
      values.COMPANIES_HOUSE_STREAM_KEY === undefined
        ? null
        : {
            streamKey: values.COMPANIES_HOUSE_STREAM_KEY,
            streamUrl: values.COMPANIES_HOUSE_STREAM_URL,
            streams: streamNames(values.COMPANIES_HOUSE_STREAMS),
          },
    sanctionsMatchThresholds: {
      ...(values.SANCTIONS_MATCH_THRESHOLD_PERSON === undefined
        ? {}
        : { person: values.SANCTIONS_MATCH_THRESHOLD_PERSON }),
      ...(values.SANCTIONS_MATCH_THRESHOLD_ENTITY === undefined
        ? {}
        : { entity: values.SANCTIONS_MATCH_THRESHOLD_ENTITY }),
    },
  };
}

function streamNames(list: string | undefined): string[] {
  if (list === undefined) return [...companiesHouseStreamNames];
  const names = [
    ...new Set(
      list
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
  const unknown = names.filter((name) => !(companiesHouseStreamNames as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new ConfigError(
      `COMPANIES_HOUSE_STREAMS: unknown stream ${JSON.stringify(unknown[0] ?? list)}; the streams are ${companiesHouseStreamNames.join(', ')}`,
    );
  return names;
}

function sanctionsListSources(
  values: z.infer<typeof configSchema>,
): Record<SanctionsListId, SanctionsListSource | null> {
  const sources = {} as Record<SanctionsListId, SanctionsListSource | null>;
  for (const list of sanctionsListIds) sources[list] = sanctionsListSource(list, values);
  return sources;
}

function sanctionsListSource(
  list: SanctionsListId,
  values: z.infer<typeof configSchema>,
): SanctionsListSource | null {
  const { urlVariable, fileVariable, files } = SANCTIONS_LIST_REFRESH[list];
  const url = values[urlVariable];
  const path = values[fileVariable];
  if (url !== undefined && path !== undefined)
    throw new ConfigError(`${urlVariable} and ${fileVariable} are both set: set one of them`);
  if (url !== undefined) {
    // The list decides who gets screened as sanctioned: in production it comes over TLS or not at all.
    if (values.NODE_ENV === 'production' && !url.startsWith('https:'))
      throw new ConfigError(`${urlVariable}: must be https:// when NODE_ENV=production`);
    if (files.kind === 'ofac-sdn-csv')
      try {
        ofacUrls(url);
      } catch (error) {
        throw new ConfigError(`${urlVariable}: ${(error as Error).message}`);
      }
    return { kind: 'url', url };
  }
  return path === undefined ? null : { kind: 'file', path: resolve(path) };
}

function mcpAllowedOrigins(raw: string | undefined): string[] {
  try {
    return parseAllowedOrigins(raw);
  } catch (error) {
    throw new ConfigError(`MCP_ALLOWED_ORIGINS: ${(error as Error).message}`);
  }
}

function devOnly(name: string, raw: string | undefined, nodeEnv: string): string | null {
  if (raw === undefined) return null;
  if (nodeEnv === 'production') {
    throw new ConfigError(`${name} is for local development and is refused when NODE_ENV=production`);
  }
  return raw;
}

function devAllowedOrigins(name: string, raw: string | undefined, nodeEnv: string): string[] {
  const allowed = devOnly(name, raw, nodeEnv);
  if (allowed === null) return [];
  try {
    return parseDevAllowedOrigins(allowed);
  } catch (error) {
    throw new ConfigError(`${name}: ${(error as Error).message}`);
  }
}

function webhookDnsServer(raw: string | undefined, nodeEnv: string): string | null {
  if (raw === undefined) return null;
  // Whoever controls that server decides where webhooks go; only the connect-time checks stand in the way.
  if (nodeEnv === 'production') {
    throw new ConfigError(
      'WEBHOOK_DNS_SERVER is for tests and development and is refused when NODE_ENV=production',
    );
  }
  try {
    return parseDnsServer(raw);
  } catch (error) {
    throw new ConfigError(`WEBHOOK_DNS_SERVER: ${(error as Error).message}`);
  }
}

function resolveDatabase(url: string | undefined, dataDir: string): Config['database'] {
  if (url === undefined) return { kind: 'sqlite', path: resolve(dataDir, 'app.db') };
  if (url.startsWith('sqlite:')) return { kind: 'sqlite', path: resolve(url.slice('sqlite:'.length)) };
  return { kind: 'postgresql', url };
}
