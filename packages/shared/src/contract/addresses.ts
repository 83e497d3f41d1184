import { z } from 'zod';
import { PhoneInput } from './accounts.ts';
import { IdParams, idOf, messageOf, typedText } from './common.ts';

export { MAX_DELIVERY_ADDRESSES } from './limits.ts';

export const ADDRESS_MIN_LENGTH = 3;
export const ADDRESS_MAX_LENGTH = 200;
export const APARTMENT_MAX_LENGTH = 20;
export const LANDMARK_MAX_LENGTH = 200;

/** A chosen region or district: a select's value arrives as a string, an empty one as "". */
const chosenId = idOf('field_required');

const optionalText = (max: number) =>
  typedText()
    .max(max, 'field_too_long')
    .nullish()
    .transform((v) => v || null);

/** A new or edited delivery address; the storefront's form validates with the same schema. */
export const DeliveryAddressBody = z.object({
  region_id: chosenId,
  district_id: chosenId,
  /** Street and house. */
  address: typedText()
    .min(1, { error: 'field_required', abort: true })
    .min(ADDRESS_MIN_LENGTH, 'address_too_short')
    .max(ADDRESS_MAX_LENGTH, 'field_too_long'),
  apartment: optionalText(APARTMENT_MAX_LENGTH),
  landmark: optionalText(LANDMARK_MAX_LENGTH),
  /** The recipient's phone. */
  phone: PhoneInput,
});
export type DeliveryAddressInput = z.input<typeof DeliveryAddressBody>;
export type DeliveryAddressBody = z.output<typeof DeliveryAddressBody>;

export const RegionIdParams = z.object({ regionId: idOf() });
export const DeliveryAddressIdParams = IdParams;

/** A region or a district, named in the caller's language. */
export const Place = z.object({ id: z.number().int(), name: z.string() });
export type Place = z.infer<typeof Place>;

export const DeliveryAddress = z.object({
  id: z.number().int(),
  region: Place,
  district: Place,
  address: z.string(),
  apartment: z.string().nullable(),
  landmark: z.string().nullable(),
  phone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

/** A saved or chosen address, with the message that confirms it. */
export const SavedAddress = messageOf(DeliveryAddress);
