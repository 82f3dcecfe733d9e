import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from '../../../logger';
import { applyStreamEvent, type StreamEventOutcome } from './apply-stream-event';
import { openStream, type StreamEnd } from './stream-connection';
import type { CompaniesHouseStreamName } from './stream-names';
import { parseStreamLine, type StreamEvent } from './stream-event';
import {
  connectionTimepoint,
  readStreamPosition,
  saveStreamPosition,
  type StreamPosition,
} from './stream-position';

/*
 * Consumes one Companies House stream for a while: connects from where the store stands, applies each event
 * through the same writers the imports use, moves the store's position after each one, and reports progress
 * (the heartbeat, in the Temporal activity that runs this). It returns, never throws for what Companies House
 * sends — a refused connection, a dropped one, a malformed line, an event about a company the store does not
 * hold — only for a store that fails, which the activity's retries cover.
 *
 * Where it starts: the store's position, which is written right after each applied event and so is what the
 * store actually holds (also after a restore from a backup); without one, the caller's timepoint (the last
 * heartbeat of this attempt, else the workflow's record); without either, the live end of the stream.
 *
 * Applied at most once in effect: an event at or before the store's position is skipped. The one window is a
 * crash between an event's write and the position's: that event comes again and is applied again, which records
 * nothing — it carries the whole resource, and writing the same state twice changes nothing.
 */

export interface StreamProgress {
  stream: CompaniesHouseStreamName;
  /** The last event applied (or skipped as unusable) and where the store stands; null before any. */
  timepoint: number | null;
  publishedAt: string | null;
  /** Seconds between the last event's published_at and when it was applied; null before any. */
  lagSeconds: number | null;
  applied: number;
  /** Events read but not applied: unknown companies, unknown kinds, bad data (each logged). */
  skipped: number;
  /** Events at or before the store's position: sent again by Companies House or replayed on resume. */
  duplicates: number;
  malformed: number;
  keepAlives: number;
  /** Changes the applied events recorded in the change feed. */
  changes: number;
}

export type StreamRunEnd =
  | 'time_limit'
  | 'cancelled'
  | 'disconnected'
  | 'unauthorized'
  | 'timepoint_invalid'
  | 'rate_limited'
  | 'unavailable';

export interface StreamRunResult extends StreamProgress {
  ended: StreamRunEnd;
  /** What the server or the connection said, for ends other than time_limit and cancelled. */
  message?: string;
  /** For rate_limited: how long Companies House asked to wait. */
  retryAfterMs?: number;
  /** The timepoint the connection asked for (null: the live end). */
  connectedFrom: number | null;
}

export interface ConsumeStreamOptions {
  stream: CompaniesHouseStreamName;
  streamUrl: string;
  streamKey: string;
  /** Where to resume when the store has no position: the last heartbeat, else the workflow's record. */
  fallbackTimepoint: number | null;
  em: EntityManager;
  logger: Logger;
  /** Wall clock for lag and change times. */
  clock: () => Date;
  /** Return after this long (the workflow then records progress and starts the next run). */
  maxRunMs: number;
  idleTimeoutMs: number;
  signal: AbortSignal;
  onProgress(progress: StreamProgress): void;
  /** After an event is applied: follow-ups such as fetching a new accounts filing's document. */
  afterApplied?(event: StreamEvent, outcome: StreamEventOutcome & { status: 'applied' }): Promise<void>;
  fetch?: typeof fetch;
}

export async function consumeStream(options: ConsumeStreamOptions): Promise<StreamRunResult> {
  const { stream, em, logger } = options;
  const held = await readStreamPosition(em, stream);
  let position: StreamPosition | null = held;
  const connectedFrom = held ? connectionTimepoint(held) : options.fallbackTimepoint;
  const progress: StreamProgress = {
    stream,
    timepoint: position?.timepoint ?? null,
    publishedAt: position?.publishedAt ?? null,
    lagSeconds: null,
    applied: 0,
    skipped: 0,
    duplicates: 0,
    malformed: 0,
    keepAlives: 0,
    changes: 0,
  };
  const finish = (ended: StreamRunEnd, extra: Partial<StreamRunResult> = {}): StreamRunResult => ({
    ...progress,
    ended,
    connectedFrom,
    ...extra,
  });

  // One signal for "stop reading": the caller's cancellation, or this run's time limit.
  const stop = new AbortController();
  let timeLimitReached = false;
  const timeLimit = setTimeout(() => {
    timeLimitReached = true;
    stop.abort();
  }, options.maxRunMs);
  const cancel = () => stop.abort();
  options.signal.addEventListener('abort', cancel, { once: true });
  if (options.signal.aborted) stop.abort();
  try {
    const opening = await openStream({
      streamUrl: options.streamUrl,
      streamKey: options.streamKey,
      stream,
      timepoint: connectedFrom,
      idleTimeoutMs: options.idleTimeoutMs,
      signal: stop.signal,
      fetch: options.fetch,
    });
    if (opening.status !== 'open') {
      if (stop.signal.aborted) return finish(options.signal.aborted ? 'cancelled' : 'time_limit');
      const { status, message } = opening;
      return finish(status, {
        message,
        ...(opening.status === 'rate_limited' ? { retryAfterMs: opening.retryAfterMs } : {}),
      });
    }
    logger.info({ stream, timepoint: connectedFrom }, 'Companies House stream connected');
    options.onProgress(progress);

    let end: StreamEnd | undefined;
    const lines = opening.lines;
    for (;;) {
      const next = await lines.next();
      if (next.done) {
        end = next.value;
        break;
      }
      const parsed = parseStreamLine(next.value);
      if (parsed.kind === 'keep_alive') {
        progress.keepAlives++;
        options.onProgress(progress);
        continue;
      }
      if (parsed.kind === 'malformed') {
        progress.malformed++;
        logger.warn(
          { stream, problem: parsed.message, line: next.value.slice(0, 200) },
          'Companies House stream: malformed line skipped',
        );
        continue;
      }
      const event = parsed.event;
      const timepoint = event.event.timepoint;
      if (position !== null && timepoint <= position.timepoint) {
        progress.duplicates++;
        continue;
      }
      const now = options.clock();
      const outcome = await applyStreamEvent(em.fork(), event, {
        source: 'companies_house_stream',
        detectedAt: now,
      });
      if (outcome.status === 'applied') {
        progress.applied++;
        progress.changes += outcome.changes;
      } else {
        progress.skipped++;
        logger.info(
          {
            stream,
            timepoint,
            reason: outcome.reason,
            company: outcome.companyNumber,
            problem: outcome.message,
          },
          'Companies House stream: event skipped',
        );
      }
      // Moved past skipped events too: they would be skipped again, and a stuck position would stall the stream.
      position = { timepoint, publishedAt: event.event.published_at, resumeFrom: null };
      await saveStreamPosition(em, stream, position, now);
      progress.timepoint = timepoint;
      progress.publishedAt = event.event.published_at;
      progress.lagSeconds = lagSeconds(event.event.published_at, now);
      options.onProgress(progress);
      if (outcome.status === 'applied' && options.afterApplied) await options.afterApplied(event, outcome);
    }

    if (end.reason === 'aborted') return finish(options.signal.aborted ? 'cancelled' : 'time_limit');
    if (timeLimitReached) return finish('time_limit');
    const message =
      end.reason === 'network_error'
        ? `connection lost: ${end.message}`
        : end.reason === 'idle_timeout'
          ? `nothing received for ${options.idleTimeoutMs} ms (not even a keep-alive)`
          : end.reason === 'line_too_long'
            ? 'a line longer than any event: connection dropped'
            : 'closed by Companies House';
    logger.info(
      { stream, timepoint: progress.timepoint, reason: end.reason },
      'Companies House stream ended',
    );
    return finish('disconnected', { message });
  } finally {
    clearTimeout(timeLimit);
    options.signal.removeEventListener('abort', cancel);
  }
}

/**
 * Companies House writes published_at without a zone ("2021-01-22T18:28:02"); it is UK time, read here as UTC,
 * which overstates the lag by an hour in summer at most. Null when unreadable; 0 when ahead of this clock.
 */
function lagSeconds(publishedAt: string, now: Date): number | null {
  const withZone = /([zZ]|[+-]\d\d:?\d\d)$/.test(publishedAt) ? publishedAt : `${publishedAt}Z`;
  const at = Date.parse(withZone);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.round((now.getTime() - at) / 1000));
}
