import { ServiceError } from '../domain/errors';
import { MAX_COMPANIES_PER_ADD } from '../domain/lists/list-membership';
import { addCompaniesToList } from '../operations/add-companies-to-list';
import { createList } from '../operations/create-list';
import { callOperation } from './call-operation';
import type { ScreenFilters } from './pages/screen-fields';
import { screenAllPages } from './screen-all-pages';

type Caller = Parameters<typeof callOperation>[2];

/** Where "Add all to a list" puts the screen's companies: a list of the account's, or a new one made first. */
export type AddAllTarget = { listId: string } | { newList: { name: string; kind: string } };

export interface AddAllOutcome {
  list: { id: number; name: string; created: boolean };
  /** Companies the screen gave (up to SCREEN_ALL_PAGES_CAP). */
  taken: number;
  /** The screen's own count of matches (counted up to 10,000) and whether more matched than were taken. */
  total: number;
  totalCapped: boolean;
  cut: boolean;
  added: number;
  alreadyOnList: number;
  notFound: number;
  /** A quota that ran out part way: its message; the counts say what was added before it. */
  stoppedBy?: string;
}

/**
 * The screen's companies (every page up to the cap) added to a list through create_list and
 * add_companies_to_list, 100 a call as that operation takes them. The screen runs first, so bad filters or a plan
 * without the screener are refused before a list is made or anything is added. A rate limit reached part way
 * keeps what was added and says where it stopped; adding again is harmless (already on the list).
 */
export async function addScreenToList(
  filters: ScreenFilters,
  target: AddAllTarget,
  caller: Caller,
): Promise<AddAllOutcome> {
  const screened = await screenAllPages(filters, caller);
  const list =
    'newList' in target
      ? { ...(await callOperation(createList, target.newList, caller)), created: true }
      : undefined;
  const listId = 'listId' in target ? target.listId : list!.id;
  const numbers = screened.items.map((company) => company.company_number);
  const outcome: AddAllOutcome = {
    // An existing list's name comes with the first add's answer; a screen that found nothing adds nothing.
    list: list
      ? { id: list.id, name: list.name, created: true }
      : { id: Number(listId), name: '', created: false },
    taken: numbers.length,
    total: screened.first.total,
    totalCapped: screened.first.total_capped,
    cut: screened.cut,
    added: 0,
    alreadyOnList: 0,
    notFound: 0,
  };
  for (let start = 0; start < numbers.length; start += MAX_COMPANIES_PER_ADD) {
    try {
      const answer = await callOperation(
        addCompaniesToList,
        { list_id: listId, company_numbers: numbers.slice(start, start + MAX_COMPANIES_PER_ADD) },
        caller,
      );
      outcome.list = { id: answer.list.id, name: answer.list.name, created: list !== undefined };
      outcome.added += answer.added;
      outcome.alreadyOnList += answer.already_on_list;
      outcome.notFound += answer.not_found;
    } catch (thrown) {
      if (start === 0 || !(thrown instanceof ServiceError) || thrown.code !== 'rate_limited') throw thrown;
      outcome.stoppedBy = thrown.message;
      break;
    }
  }
  return outcome;
}
