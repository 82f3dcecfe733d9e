import { createHash } from 'node:crypto';

/** A KYB check as asked for: trimmed, the company number (if any) in its stored form. */
export interface KybCheckRequest {
  clientReference: string;
  statedCompanyName: string;
  companyNumber: string | null;
  /** The registered office as the customer gave it, to compare with the register's; null when not given. */
  statedAddress?: StatedAddress | null;
}

export interface StatedAddress {
  postcode: string;
  /** The first address line (building and street); null when only the postcode was given. */
  addressLine1: string | null;
}

/** Fingerprint of the request, stored with its idempotency key so a reuse with another request is caught. */
export function requestHash(request: KybCheckRequest): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.clientReference,
        request.statedCompanyName,
        request.companyNumber,
        // Only when given, so keys stored before stated_address existed still match their requests.
        ...(request.statedAddress ? [request.statedAddress] : []),
      ]),
    )
    .digest('hex');
}
