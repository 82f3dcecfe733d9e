import type { RegisteredOfficeAddress } from '../companies/company-profile';
import { compactPostcode } from '../companies/postcode';
import type { StatedAddress } from './kyb-request';
import { addressLineKey } from '../companies/office-address-key';

/**
 * Which parts of a stated address differ from the registered office: the postcode compared compact (case and
 * spaces aside), the first line (when stated) with office-address-key.ts's key, as the shared-address count reads
 * one building. An empty list: the same office.
 */
export function statedAddressDifferences(
  stated: StatedAddress,
  registered: RegisteredOfficeAddress,
): ('postcode' | 'address_line_1')[] {
  const differences: ('postcode' | 'address_line_1')[] = [];
  if (
    registered.postal_code === null ||
    compactPostcode(stated.postcode) !== compactPostcode(registered.postal_code)
  )
    differences.push('postcode');
  if (
    stated.addressLine1 !== null &&
    (registered.address_line_1 === null ||
      addressLineKey(stated.addressLine1) !== addressLineKey(registered.address_line_1))
  )
    differences.push('address_line_1');
  return differences;
}
