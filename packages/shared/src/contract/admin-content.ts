/**
 * The shop's content in the back office (issue 23): home banners, text pages, questions,
 * branches, contacts, and the inbox of become-a-partner applications.
 */
import { z } from 'zod';
import { PHONE_LOCAL_DIGITS, PHONE_PREFIX } from '../phone.ts';
import { CONTROL_CHARACTERS, Id, MAX_PAGE, typedText } from './common.ts';

/** The rules of this file's fields, answered in the caller's language (FIELD_MESSAGE_KEYS). */
export const CONTENT_FIELD_MESSAGE_KEYS = [
  'picture_path_invalid',
  'link_internal',
  'color_hex_invalid',
  'moment_invalid',
  'show_range_order',
  'page_slug_invalid',
  'coordinate_invalid',
  'url_https',
  'contact_key_invalid',
  'telegram_invalid',
  'insurance_invalid',
  'partner_status_invalid',
  'partner_search_invalid',
] as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const required = (max: number) => typedText().min(1, 'field_required').max(max, 'field_too_long');
const optional = (max: number) => typedText().max(max, 'field_too_long');
/** Text of several lines (an answer, a page's HTML): line breaks and tabs are kept. */
const anyLines = (max: number) =>
  z
    .string('field_required')
    .trim()
    .max(max, 'field_too_long')
    .refine((v) => !CONTROL_BUT_LINES.test(v), 'text_invalid');
const lines = (max: number) => anyLines(max).refine((v) => v.length > 0, 'field_required');

/**
 * A picture of the shop's own (`/media/…`) or an https address; no backslash anywhere, which a
 * browser reads as a slash (`/\host/x.png` would load from another host).
 */
export const PICTURE_PATH = /^(\/(?!\/)|https:\/\/)[^\s\\]+$/;

import { isShopLink } from '../links.ts';

export { isShopLink };

export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** A page's address: lower-case Latin letters and digits, words joined by hyphens. */
export const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const HTTPS_URL = /^https:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/;

const picture = required(500).regex(PICTURE_PATH, 'picture_path_invalid');
const moment = z.iso.datetime({ offset: true, message: 'moment_invalid' });
const flag = z.boolean('field_required');

/** One list, in its new order: every id of the list once. */
export const ReorderBody = z.object({
  ids: z.array(Id).min(1, 'field_required').max(500, 'field_too_long'),
});
export type ReorderBody = z.infer<typeof ReorderBody>;

// Banners

const bannerFields = {
  title_uz: required(120),
  title_ru: required(120),
  subtitle_uz: optional(200),
  subtitle_ru: optional(200),
  image: picture,
  /** The picture phones show; the desktop one when null. */
  image_mobile: picture.nullable(),
  link: required(300).refine(isShopLink, 'link_internal'),
  color: typedText().regex(HEX_COLOR, 'color_hex_invalid'),
  /** Shown from this moment (always when null) until `ends_at` (for ever when null). */
  starts_at: moment.nullable(),
  ends_at: moment.nullable(),
  is_active: flag,
};

const endsAfterStart = (b: { starts_at?: string | null; ends_at?: string | null }) =>
  !b.starts_at || !b.ends_at || Date.parse(b.ends_at) > Date.parse(b.starts_at);
const rangeIssue = { message: 'show_range_order', path: ['ends_at'] };

export const BannerBody = z
  .object({
    ...bannerFields,
    subtitle_uz: bannerFields.subtitle_uz.default(''),
    subtitle_ru: bannerFields.subtitle_ru.default(''),
    image_mobile: bannerFields.image_mobile.default(null),
    starts_at: bannerFields.starts_at.default(null),
    ends_at: bannerFields.ends_at.default(null),
    is_active: flag.default(true),
  })
  .refine(endsAfterStart, rangeIssue);
export type BannerBody = z.infer<typeof BannerBody>;

/** A change to a banner: only the fields sent; the dates are checked with the stored ones. */
export const BannerPatch = z
  .object(bannerFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing_to_change')
  .refine(endsAfterStart, rangeIssue);
export type BannerPatch = z.infer<typeof BannerPatch>;

/** Whether a banner is shown now, by its switch and dates. */
export const BannerState = z.enum(['shown', 'scheduled', 'ended', 'hidden']);
export type BannerState = z.infer<typeof BannerState>;

export const AdminBanner = z.object({
  id: z.number().int(),
  title_uz: z.string(),
  title_ru: z.string(),
  subtitle_uz: z.string(),
  subtitle_ru: z.string(),
  image: z.string(),
  image_mobile: z.string().nullable(),
  link: z.string(),
  color: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  position: z.number().int(),
  is_active: z.boolean(),
  state: BannerState,
});
export type AdminBanner = z.infer<typeof AdminBanner>;

// Text pages

export const PageSlugParams = z.object({
  slug: z.string().trim().max(60, 'page_slug_invalid').regex(PAGE_SLUG, 'page_slug_invalid'),
});

const pageFields = {
  title_uz: required(200),
  title_ru: required(200),
  /** HTML from the editor; the server keeps only what the storefront draws. */
  body_uz: lines(200_000),
  body_ru: lines(200_000),
  /** A draft (false) is kept here and not shown in the shop. */
  is_published: flag,
};

export const NewPageBody = z.object({
  slug: PageSlugParams.shape.slug,
  ...pageFields,
  is_published: flag.default(false),
});
export type NewPageBody = z.infer<typeof NewPageBody>;

export const PagePatch = z
  .object(pageFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing_to_change');
export type PagePatch = z.infer<typeof PagePatch>;

export const AdminPageRow = z.object({
  slug: z.string(),
  title_uz: z.string(),
  title_ru: z.string(),
  is_published: z.boolean(),
  updated_at: z.string(),
});
export type AdminPageRow = z.infer<typeof AdminPageRow>;

export const AdminPage = AdminPageRow.extend({ body_uz: z.string(), body_ru: z.string() });
export type AdminPage = z.infer<typeof AdminPage>;

// Questions

const questionFields = {
  question_uz: required(300),
  question_ru: required(300),
  answer_uz: lines(5000),
  answer_ru: lines(5000),
  is_published: flag,
};

export const QuestionBody = z.object({ ...questionFields, is_published: flag.default(true) });
export type QuestionBody = z.infer<typeof QuestionBody>;

export const QuestionPatch = z
  .object(questionFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing_to_change');
export type QuestionPatch = z.infer<typeof QuestionPatch>;

export const AdminQuestion = z.object({
  id: z.number().int(),
  question_uz: z.string(),
  question_ru: z.string(),
  answer_uz: z.string(),
  answer_ru: z.string(),
  position: z.number().int(),
  is_published: z.boolean(),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;

// Branches

/** Digits and the signs people write a phone with: +998 71 200-00-00. */
const PHONE_TYPED = /^[+\d\s()-]+$/;
const PHONE_DIGITS = new RegExp(`^${PHONE_PREFIX}\\d{${PHONE_LOCAL_DIGITS}}$`);

/** A phone as people write it, with 998 and 9 digits in it. */
export function isShopPhone(value: string): boolean {
  return PHONE_TYPED.test(value) && PHONE_DIGITS.test(value.replace(/\D/g, ''));
}

const coordinate = (limit: number) =>
  typedText()
    .regex(/^-?\d{1,3}(?:\.\d{1,8})?$/, 'coordinate_invalid')
    .refine((v) => Math.abs(Number(v)) <= limit, 'coordinate_invalid')
    .nullable();

const branchFields = {
  name_uz: required(120),
  name_ru: required(120),
  address_uz: required(300),
  address_ru: required(300),
  phone: required(40).refine(isShopPhone, 'phone_invalid'),
  working_hours: required(120),
  /** A link to the branch on a map (Yandex, Google). */
  map_url: optional(500).regex(HTTPS_URL, 'url_https').nullable(),
  latitude: coordinate(90),
  longitude: coordinate(180),
  is_published: flag,
};

export const BranchBody = z.object({
  ...branchFields,
  map_url: branchFields.map_url.default(null),
  latitude: branchFields.latitude.default(null),
  longitude: branchFields.longitude.default(null),
  is_published: flag.default(true),
});
export type BranchBody = z.infer<typeof BranchBody>;

export const BranchPatch = z
  .object(branchFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing_to_change');
export type BranchPatch = z.infer<typeof BranchPatch>;

export const AdminBranch = z.object({
  id: z.number().int(),
  name_uz: z.string(),
  name_ru: z.string(),
  address_uz: z.string(),
  address_ru: z.string(),
  phone: z.string(),
  working_hours: z.string(),
  map_url: z.string().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  position: z.number().int(),
  is_published: z.boolean(),
});
export type AdminBranch = z.infer<typeof AdminBranch>;

// Contacts

/** The contacts staff edit, each with its own rule; the seller's come from the configuration. */
export const CONTACT_KEYS = ['phone', 'telegram', 'insurance'] as const;
export const ContactKey = z.enum(CONTACT_KEYS, 'contact_key_invalid');
export type ContactKey = z.infer<typeof ContactKey>;

const TELEGRAM_HANDLE = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/;
const TELEGRAM_URL = /^https:\/\/(?:www\.)?t\.me\/[A-Za-z][A-Za-z0-9_]{4,31}\/?$/;

/** @handle, handle or https://t.me/handle (5–32 letters, digits and underscores). */
export function isTelegram(value: string): boolean {
  return TELEGRAM_HANDLE.test(value) || TELEGRAM_URL.test(value);
}

/**
 * The insurer as the storefront shows it: an https address (a link), a phone (called), or a
 * name of words; what looks like an address or a number must be a whole one.
 */
export function isInsurance(value: string): boolean {
  if (/^[a-z]+:/i.test(value) || /^www\./i.test(value)) return HTTPS_URL.test(value);
  if (PHONE_TYPED.test(value)) return isShopPhone(value);
  return /\p{L}/u.test(value);
}

/** Why a contact's value is refused (a field-message key), or null when it is fine. */
export function contactProblem(
  key: ContactKey,
  value: string,
):
  | 'text_invalid'
  | 'field_too_long'
  | 'phone_invalid'
  | 'telegram_invalid'
  | 'insurance_invalid'
  | null {
  if (value === '') return null;
  if (CONTROL_CHARACTERS.test(value)) return 'text_invalid';
  if (value.length > 300) return 'field_too_long';
  if (key === 'phone') return isShopPhone(value) ? null : 'phone_invalid';
  if (key === 'telegram') return isTelegram(value) ? null : 'telegram_invalid';
  return isInsurance(value) ? null : 'insurance_invalid';
}

export const ContactKeyParams = z.object({ key: ContactKey });

/** A contact's new value; an empty one removes it from the shop. */
export const ContactValueBody = z.object({ value: z.string('field_required').trim() });
export type ContactValueBody = z.infer<typeof ContactValueBody>;

export const AdminContact = z.object({
  key: ContactKey,
  /** Empty when the shop has none. */
  value: z.string(),
});
export type AdminContact = z.infer<typeof AdminContact>;

// Partner applications

export const PARTNER_STATUSES = ['new', 'contacted', 'accepted', 'rejected'] as const;
export const PartnerStatus = z.enum(PARTNER_STATUSES, 'partner_status_invalid');
export type PartnerStatus = z.infer<typeof PartnerStatus>;

/** Where an application may go from each status: forward only, accepted and rejected are final. */
export const PARTNER_NEXT: Record<PartnerStatus, readonly PartnerStatus[]> = {
  new: ['contacted', 'accepted', 'rejected'],
  contacted: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
};

export const AdminPartnersQuery = z.object({
  status: PartnerStatus.optional(),
  /** Digits of the phone or STIR, or words of the store's or applicant's name. */
  q: typedText().min(2, 'partner_search_invalid').max(100, 'field_too_long').optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const AdminPartnerRow = z.object({
  id: z.number().int(),
  full_name: z.string(),
  phone: z.string(),
  store_name: z.string(),
  stir: z.string(),
  lang: z.string(),
  status: PartnerStatus,
  created_at: z.string(),
  handled_at: z.string().nullable(),
});
export type AdminPartnerRow = z.infer<typeof AdminPartnerRow>;

export const AdminPartner = AdminPartnerRow.extend({
  note: z.string(),
  handled_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AdminPartner = z.infer<typeof AdminPartner>;

export const PartnerPatch = z
  .object({ status: PartnerStatus, note: anyLines(2000) })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing_to_change');
export type PartnerPatch = z.infer<typeof PartnerPatch>;

/** Applications by status, for the navigation's badge. */
export const PartnerCounts = z.object({ new: z.number().int() });
export type PartnerCounts = z.infer<typeof PartnerCounts>;
