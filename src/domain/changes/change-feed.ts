import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import {
  invalidArgument,
  postcodeFilterSql,
  sicCodeFilterSql,
  type Sql,
} from '../companies/register-filters';
import { alertTypes, severities, type AlertType } from '../webhooks/events';
import { alertSeverity } from './alert-rules';
import { changeFields, changeKinds, type ChangeField, type ChangeKind } from './company-changes';
import { parseChangeValue } from './register-change-log';

/*
 * Reading the register change feed (get_changes). The feed is read forwards by sequence, the way the change check
 * reads it, so a reader that keeps the last sequence it saw never misses a change and never sees one twice
 * (writers make sequences visible in order: register-change-log.ts). Filters on SIC code and postcode look at the
 * company as the register holds it now, with the same postcode semantics as search_companies.
 */

export const CHANGE_FEED_DEFAULT_LIMIT = 50;
export const CHANGE_FEED_MAX_LIMIT = 200;

export const changeFeedItemSchema = z.object({
  sequence: z.number().int().describe('Position in the feed; strictly increasing'),
  company_number: z.string(),
  company_name: z.string().nullable().describe('The name the register holds now; null when it holds none'),
  change: z.enum(changeKinds),
  field: z.enum(changeFields).describe('What changed: a group of register fields or a resource'),
  alert_type: z.enum(alertTypes).nullable().describe('The alert it raises on a monitored company, if any'),
  severity: z.enum(severities).nullable().describe('The severity of that alert; null with no alert_type'),
  old_value: z.unknown().describe('JSON value before the change (text, object or array); null when none'),
  new_value: z.unknown().describe('JSON value after the change; null when none'),
  detected_at: z.iso.datetime(),
});

export type ChangeFeedItem = z.infer<typeof changeFeedItemSchema>;

export interface ChangeFeedQuery {
  /** Sequence to read past: 0 reads from the start. */
  after: number;
  limit: number;
  sicCode?: string;
  /** Full postcode, sector or outward code, as search_companies takes it. */
  postcode?: string;
  change?: ChangeKind;
  /** Canonical (8-character) company number. */
  companyNumber?: string;
}

export interface ChangeFeedPage {
  items: ChangeFeedItem[];
  /** The last sequence returned, or `after` when none was: where the next read starts. */
  nextAfter: number;
  hasMore: boolean;
}

interface FeedRow {
  sequence: number | string;
  company_number: string;
  company_name: string | null;
  change: ChangeKind;
  field: ChangeField;
  alert_type: AlertType | null;
  old_value: string | null;
  new_value: string | null;
  detected_at: Date | number | string;
}

function filterSql(query: ChangeFeedQuery): Sql[] {
  const parts: Sql[] = [{ text: 'r.sequence > ?', params: [query.after] }];
  if (query.companyNumber !== undefined)
    parts.push({ text: 'r.company_number = ?', params: [query.companyNumber] });
  if (query.change !== undefined) parts.push({ text: 'r.change = ?', params: [query.change] });
  if (query.sicCode !== undefined) parts.push(sicCodeFilterSql(query.sicCode));
  if (query.postcode !== undefined) parts.push(postcodeFilterSql(query.postcode));
  return parts;
}

function toItem(row: FeedRow): ChangeFeedItem {
  const oldValue = parseChangeValue(row.old_value);
  const newValue = parseChangeValue(row.new_value);
  const severity =
    row.alert_type === null
      ? null
      : alertSeverity({ alertType: row.alert_type, field: row.field, oldValue, newValue });
  return {
    sequence: Number(row.sequence),
    company_number: row.company_number,
    company_name: row.company_name,
    change: row.change,
    field: row.field,
    alert_type: row.alert_type,
    severity,
    old_value: oldValue,
    new_value: newValue,
    detected_at: new Date(row.detected_at).toISOString(),
  };
}

/** The changes past `after` that pass the filters, oldest first. */
export async function readChangeFeed(em: EntityManager, query: ChangeFeedQuery): Promise<ChangeFeedPage> {
  if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > CHANGE_FEED_MAX_LIMIT)
    throw invalidArgument('limit', `must be a whole number from 1 to ${CHANGE_FEED_MAX_LIMIT}`);
  if (!Number.isSafeInteger(query.after) || query.after < 0)
    throw invalidArgument('after', 'must be a whole number, 0 or more');
  const where = filterSql(query);
  // One row more than asked says whether another page follows, without counting the rest of the feed.
  const rows: FeedRow[] = await em
    .getConnection()
    .execute(
      'select r.sequence, r.company_number, c.company_name, r.change, r.field, r.alert_type, r.old_value, ' +
        'r.new_value, r.detected_at from register_changes r ' +
        'left join companies c on c.company_number = r.company_number ' +
        `where ${where.map((part) => part.text).join(' and ')} order by r.sequence limit ?`,
      [...where.flatMap((part) => part.params), query.limit + 1],
    );
  const hasMore = rows.length > query.limit;
  const items = rows.slice(0, query.limit).map(toItem);
  return { items, nextAfter: items.at(-1)?.sequence ?? query.after, hasMore };
}
