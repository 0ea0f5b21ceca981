import { updateAddressBody } from '@app/contracts';
import { z } from 'zod';

/** The address step: the API's rule (TRC-20 with its checksum, or BEP-20), normalised. */
export const addressForm = z.object({ address: updateAddressBody.shape.address });
export type AddressFormInput = z.input<typeof addressForm>;
export type AddressFormOutput = z.output<typeof addressForm>;
