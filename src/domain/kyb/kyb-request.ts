import { createHash } from 'node:crypto';

/** A KYB check as asked for: trimmed, the company number (if any) in its stored form. */
export interface KybCheckRequest {
  clientReference: string;
  statedCompanyName: string;
  companyNumber: string | null;
}

/** Fingerprint of the request, stored with its idempotency key so a reuse with another request is caught. */
export function requestHash(request: KybCheckRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.clientReference, request.statedCompanyName, request.companyNumber]))
    .digest('hex');
}
