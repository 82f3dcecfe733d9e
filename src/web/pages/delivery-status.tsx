import type { DeliveryStatus } from '../../db/entities/webhook-delivery';

const STATUS_TEXT: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** A delivery's status in words, marked by a class so it is told apart by more than its colour. */
export function DeliveryStatusText({ status }: { status: DeliveryStatus }) {
  return <span class={`delivery-status delivery-status-${status}`}>{STATUS_TEXT[status]}</span>;
}
