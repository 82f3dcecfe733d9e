/*
 * What a company search is asked, and the bounds it reads by: the search's own vocabulary, shared by
 * search-companies.ts and the readers it calls (search/*.ts), so those readers need not import the search itself.
 */

export interface CompanySearchQuery {
  /** Name words or a company number. */
  q?: string;
  status?: string;
  sicCode?: string;
  /** A full postcode, an outward code or a sector; space and case do not matter. */
  postcode?: string;
  /** The registered office's post town, case-insensitive. */
  town?: string;
  limit: number;
  offset: number;
}

/** The bounds a search reads by; tests vary them to read every way. */
export interface SearchSizing {
  /** Below this a search is small (search/search-size.ts). */
  smallSearchMatches: number;
  /** Counting stops past this many matches (search-companies.ts's SEARCH_COUNT_STOP). */
  countStop: number;
  /** Full-text matches from which the tier is walked, not sorted; by default from the register's size. */
  walkAt?: number;
  /** PostgreSQL: the index entries a walk may read before the tier is sorted instead (by default walkBound's). */
  walkEntries?: number;
}
