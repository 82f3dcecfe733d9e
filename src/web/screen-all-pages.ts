import type { ScreenedCompany } from '../domain/screening/screen-result';
import { SCREEN_MAX_LIMIT } from '../domain/screening/screen-arguments';
import { screenCompanies } from '../operations/screen-companies';
import { callOperation } from './call-operation';
import type { ScreenAnswer } from './pages/screen-columns';
import type { ScreenFilters } from './pages/screen-fields';

/**
 * How many companies the CSV and "Add all to a list" take from one screen: ten of the operation's largest pages,
 * ten requests of the account's quota (Starter has 120 a minute). A screen matching more is cut at this many in
 * its own order, and the page says so before either is used.
 */
export const SCREEN_ALL_PAGES_CAP = 1_000;

export interface AllPages {
  items: ScreenedCompany[];
  /** The first page's answer: total, total_capped, sort and as_of as the operation gave them. */
  first: ScreenAnswer;
  /** More matched than were taken. */
  cut: boolean;
}

/**
 * Every page of a screen up to the cap, each through screen_companies (its validation, plan check and charge);
 * the first call refuses bad filters or a plan without the screener before anything else happens.
 */
export async function screenAllPages(
  filters: ScreenFilters,
  caller: Parameters<typeof callOperation>[2],
  cap = SCREEN_ALL_PAGES_CAP,
): Promise<AllPages> {
  const items: ScreenedCompany[] = [];
  let first: ScreenAnswer | undefined;
  let offset = 0;
  for (;;) {
    const limit = Math.min(SCREEN_MAX_LIMIT, cap - items.length);
    const answer = await callOperation(screenCompanies, { ...filters, limit, offset }, caller);
    first ??= answer;
    items.push(...answer.items);
    if (answer.next_offset === null || items.length >= cap) {
      return { items, first, cut: answer.next_offset !== null };
    }
    offset = answer.next_offset;
  }
}
