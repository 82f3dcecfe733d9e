import type { EntityManager } from '@mikro-orm/core';
import { findMonitors } from './monitors';

/**
 * Whether any account watches the company (its watchlist or one of its lists): the question a live source asks
 * before spending Companies House requests on something only monitoring customers are told about (a new accounts
 * filing's document). The same lookup the change check uses, so "monitored" means one thing everywhere.
 */
export async function isMonitored(em: EntityManager, companyNumber: string): Promise<boolean> {
  return (await findMonitors(em, [companyNumber])).length > 0;
}
