/*
 * The status rank of migration 0018's search indexes, as the search wrote it then: active 0, other live statuses
 * 1, insolvency 2, closed 3. An expression index serves only a query that writes the very same expression, so
 * 0018, 0021 and 0022 build on this text; the live search keeps its own copy, and a unit test
 * (test/unit/db/frozen-migration-rules.test.ts) fails when the two differ, since a search whose rank no longer
 * matches would silently stop using these indexes. Frozen: a new rank needs a new migration with new indexes.
 */
export const STATUS_RANK_OF_COMPANY_STATUS =
  "case when company_status = 'active' then 0 " +
  "when company_status in ('liquidation','receivership','administration','voluntary-arrangement'," +
  "'insolvency-proceedings') then 2 " +
  "when company_status in ('dissolved','converted-closed','removed','closed') then 3 else 1 end";
