import { toEndpointView, unhealthyEndpoints } from '../domain/webhooks/endpoint-health';
import type { Command } from './cli-options';

/** Operators' view of webhook endpoint health (docs/webhooks.md, "Endpoint health"). */
export const webhookCommands: Record<string, Command> = {
  'endpoint-health': async (orm, options) => {
    const rows = await unhealthyEndpoints(orm.em.fork());
    const shown =
      options.account === undefined ? rows : rows.filter((row) => row.accountId === options.account);
    return {
      disabled: shown.filter((row) => row.state === 'disabled').length,
      failing: shown.filter((row) => row.state === 'enabled').length,
      endpoints: shown.map((row) => ({ account_id: row.accountId, ...toEndpointView(row) })),
    };
  },
};
