import Router from '@koa/router';
import type { Provider } from 'oidc-provider';
import type { AppState } from '../http/state';
import type { Services } from '../services';
import { accountRoutes } from './account-routes';
import { alertRoutes } from './alert-routes';
import { assetRoutes } from './asset-routes';
import { companyRoutes } from './company-routes';
import { companySanctionsRoutes } from './company-sanctions-routes';
import { connectRoutes } from './connect-routes';
import { deliveryRoutes } from './delivery-routes';
import { endpointHealthRoutes } from './endpoint-health-routes';
import { listRoutes } from './list-routes';
import { secretRoutes } from './secret-routes';
import { sanctionsRoutes } from './sanctions-routes';
import { screeningRoutes } from './screening-routes';
import { screenRoutes } from './screen-routes';
import { searchRoutes } from './search-routes';
import { kybRoutes } from './kyb-routes';

/**
 * The web app's pages (under /app, since the JSON API owns /lists, /company … ), its assets and the redirect from
 * `/`. Mounted before the JSON body middleware: forms are urlencoded and each page reads its own body.
 */
export function webRoutes(services: Services, oauthProvider: () => Promise<Provider>): Router<AppState> {
  const router = new Router<AppState>();
  accountRoutes(router, services);
  listRoutes(router, services);
  searchRoutes(router, services);
  screenRoutes(router, services);
  companyRoutes(router, services);
  companySanctionsRoutes(router, services);
  kybRoutes(router, services);
  alertRoutes(router, services);
  deliveryRoutes(router, services);
  endpointHealthRoutes(router, services);
  secretRoutes(router, services);
  sanctionsRoutes(router, services);
  screeningRoutes(router, services);
  connectRoutes(router, services, oauthProvider);
  assetRoutes(router);
  return router;
}
