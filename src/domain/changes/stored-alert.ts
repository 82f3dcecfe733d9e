import type { Alert } from '../../db/entities/alert';
import type { AlertForDelivery } from '../webhooks/events';

/** A stored alert as the webhook payload builder takes it: the one shape both the webhook and the alerts page show. */
export function alertForDelivery(alert: Alert): AlertForDelivery {
  return {
    alertId: alert.id,
    companyNumber: alert.companyNumber,
    companyName: alert.companyName,
    alertType: alert.alertType,
    severity: alert.severity,
    title: alert.title,
    detail: alert.detail,
    detectedAt: alert.detectedAt,
    lists: JSON.parse(alert.lists) as { id: number; name: string }[],
  };
}
