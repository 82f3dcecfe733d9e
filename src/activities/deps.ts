import type { Client } from '@temporalio/client';
import type { CompaniesHouseStreamSettings } from '../config';
import type { ConsumeStreamOptions } from '../ingest/companies-house/stream/consume-stream';
import type { DocumentClient } from '../ingest/companies-house/live/document-client';
import type { Orm } from '../db/orm';
import type { HealthScorer } from '../domain/health/store/refresh-health-scores';
import type { ReadSourceOptions, SanctionsListSource } from '../ingest/sanctions/sanctions-list-source';
import type { SanctionsListId } from '../domain/sanctions/sanctions-lists';
import type { SendOptions } from '../domain/webhooks/send-webhook';
import type { Logger } from '../logger';
import type { MatchOptions } from '../domain/sanctions/matching/match-settings';

/** What activities may touch; tests inject their own clock, database and HTTP options. */
export interface ActivityDeps {
  orm: Orm;
  clock: () => Date;
  logger: Logger;
  /** Webhook sending: the development override origins, and in tests a resolver or a shorter limit. */
  webhooks: SendOptions;
  /** The change check starts delivery workflows from an activity, on this client and task queue. */
  temporal: { client: Client; taskQueue: string };
  /** After how long of nothing but failures an endpoint is disabled (WEBHOOK_DISABLE_AFTER_SECONDS; default 5 days). */
  webhookDisableAfterMs?: number;
  /** Where the alert payload's links point (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** Changes read per change-check step (default CHANGE_CHECK_BATCH); tests make it small to see several steps. */
  changeCheckBatchSize?: number;
  /** The change check's health-score refresh scores with this (default: the health model); tests give their own. */
  healthScorer?: HealthScorer;
  /** Where each list's refresh reads it (absent or null: not configured), and in tests shorter read limits. */
  sanctionsLists?: {
    sources: Partial<Record<SanctionsListId, SanctionsListSource | null>>;
    read?: ReadSourceOptions;
  };
  /** Ongoing screening matches as screen_sanctions does (SANCTIONS_MATCH_THRESHOLD_*); default thresholds without. */
  sanctionsMatch?: MatchOptions;
  /** The Streaming API consumer's key and URL; undefined when COMPANIES_HOUSE_STREAM_KEY is not set. */
  companiesHouseStreams?: CompaniesHouseStreamSettings;
  /** The Document API client (COMPANIES_HOUSE_API_KEY); undefined without a key: no accounts are fetched live. */
  companiesHouseDocuments?: DocumentClient;
  /** Tests replace what follows an applied stream event (by default: a monitored company's new accounts fetched). */
  afterStreamEventApplied?: ConsumeStreamOptions['afterApplied'];
}
