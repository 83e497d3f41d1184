/**
 * The contract's limits and choices as plain values, without the schemas that use them: the
 * storefront reads them without loading a schema library.
 */

export const CARD_CODE_LENGTH = 6;

/** Contact persons scoring needs: at least one, at most three. */
export const MIN_GUARANTORS = 1;

export const MAX_GUARANTORS = 3;

/** The largest face image accepted, in bytes. */
export const MAX_FACE_IMAGE_BYTES = 5 * 1024 * 1024;

export const OTP_LENGTH = 6;

export const MAX_BASKET_COUNT = 99;

export const LANGS = ['uz', 'ru'] as const;

/** The largest id PostgreSQL's `integer` column holds. */
export const MAX_ID = 2_147_483_647;

export const SORTS = ['famous', 'cheap', 'expensive', 'discount', 'rating'] as const;

export const MAX_PREPAYMENT_DIGITS = 10;

/** Addresses a customer may keep; one more is refused with a 422. */
export const MAX_DELIVERY_ADDRESSES = 20;
