import { getChanges } from './get-changes';
import { screenCompanies } from './screen-companies';
import { getCompany } from './get-company';
import { getOfficers } from './get-officers';
import { getOfficerAppointments } from './get-officer-appointments';
import { getPersonsWithSignificantControl } from './get-persons-with-significant-control';
import { getFilingHistory } from './get-filing-history';
import { getAccounts } from './get-accounts';
import { getFinancialHistory } from './get-financial-history';
import { getHealthScore } from './get-health-score';
import { screenSanctions } from './screen-sanctions';
import { getSanctionsLists } from './get-sanctions-lists';
import { chooseSanctionsLists } from './choose-sanctions-lists';
import { getWebhookDelivery } from './get-webhook-delivery';
import { getWebhookSecret } from './get-webhook-secret';
import { listWebhookDeliveries } from './list-webhook-deliveries';
import type { Operation } from './operation';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import { searchCompanies } from './search-companies';
import { sendTestWebhook } from './send-test-webhook';
import { signup } from './signup';
import { addCompaniesToList } from './add-companies-to-list';
import { addToWatchlist } from './add-to-watchlist';
import { createList } from './create-list';
import { deleteList } from './delete-list';
import { getListCompanies } from './get-list-companies';
import { getLists } from './get-lists';
import { getWatchlist } from './get-watchlist';
import { getWatchlistAlerts } from './get-watchlist-alerts';
import { removeCompanyFromList } from './remove-company-from-list';
import { removeFromWatchlist } from './remove-from-watchlist';
import { updateList } from './update-list';
import { runKybCheck } from './run-kyb-check';
import { listKybChecks } from './list-kyb-checks';
import { getKybCheck } from './get-kyb-check';
import { redeliverWebhookDelivery } from './redeliver-webhook-delivery';
import { recoverWebhookDeliveries } from './recover-webhook-deliveries';
import { listScreeningMatches } from './list-screening-matches';
import { decideScreeningMatch } from './decide-screening-match';

// The operation table: REST routes, MCP tools and the OpenAPI document are all generated from it.
export const operations: readonly Operation[] = [
  searchCompanies,
  getCompany,
  getOfficers,
  getOfficerAppointments,
  getPersonsWithSignificantControl,
  getFilingHistory,
  getAccounts,
  getFinancialHistory,
  getHealthScore,
  getChanges,
  screenCompanies,
  screenSanctions,
  getSanctionsLists,
  chooseSanctionsLists,
  runKybCheck,
  listKybChecks,
  getKybCheck,
  signup,
  getWebhookSecret,
  rotateWebhookSecret,
  sendTestWebhook,
  listWebhookDeliveries,
  getWebhookDelivery,
  redeliverWebhookDelivery,
  recoverWebhookDeliveries,
  getLists,
  createList,
  getListCompanies,
  addCompaniesToList,
  updateList,
  removeCompanyFromList,
  deleteList,
  addToWatchlist,
  getWatchlist,
  removeFromWatchlist,
  getWatchlistAlerts,
  listScreeningMatches,
  decideScreeningMatch,
] as Operation[];
