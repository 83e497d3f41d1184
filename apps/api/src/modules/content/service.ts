import {
  type Banner,
  type Branch,
  type ContentPage,
  isShopLink,
  type Lang,
  type PartnerApplicationBody,
  type Question,
} from '@bozor/shared';
import sanitizeHtml from 'sanitize-html';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { pick } from '../../lib/lang.ts';
import * as repo from './repository.ts';

/** A link that names its scheme: `allowedSchemes` below judges it. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Whether a link without a scheme (a path, `?…` or `#…`) stays in the shop, read from a page. */
function staysInShop(href: string): boolean {
  const link = href.trim();
  return SCHEME.test(link) || isShopLink(link.startsWith('/') ? link : `/${link}`);
}

/**
 * What the storefront draws of a page's HTML: the back office's editor makes no more than this.
 * A link that would leave the shop without naming a scheme (`//host`, `/\host`) loses its address.
 */
export const PAGE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'b', 'strong', 'i', 'em', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: href === undefined || !staysInShop(href) ? attribs : { ...attribs, href },
    }),
  },
};

export async function getContentPage(db: Executor, slug: string, lang: Lang): Promise<ContentPage> {
  const row = await repo.findContent(db, slug);
  if (!row) throw notFound('PAGE_NOT_FOUND');
  return {
    slug: row.slug,
    title: pick(row, 'title', lang),
    description: sanitizeHtml(pick(row, 'body', lang), PAGE_HTML),
  };
}

/** The banners shown at `now` (the app's clock, which journeys may move outside production). */
export async function getBanners(db: Executor, lang: Lang, now: Date): Promise<Banner[]> {
  return (await repo.listBanners(db, now)).map((b) => ({
    id: b.id,
    title: pick(b, 'title', lang),
    subtitle: pick(b, 'subtitle', lang),
    image: b.image,
    image_mobile: b.imageMobile,
    link: b.link,
    color: b.color,
  }));
}

export async function getQuestions(db: Executor, lang: Lang): Promise<Question[]> {
  return (await repo.listQuestions(db)).map((q) => ({
    id: q.id,
    question: pick(q, 'question', lang),
    answer: pick(q, 'answer', lang),
  }));
}

export async function getBranches(db: Executor, lang: Lang): Promise<Branch[]> {
  return (await repo.listBranches(db)).map((b) => ({
    id: b.id,
    name: pick(b, 'name', lang),
    address: pick(b, 'address', lang),
    phone: b.phone,
    working_hours: b.workingHours,
    latitude: b.latitude,
    longitude: b.longitude,
    map_url: b.mapUrl,
  }));
}

export function submitPartnerApplication(
  db: Executor,
  body: PartnerApplicationBody,
  context: { lang: Lang; ip: string },
) {
  return repo.insertPartnerApplication(db, {
    fullName: body.full_name,
    phone: body.phone,
    storeName: body.store_name,
    stir: body.stir,
    lang: context.lang,
    ip: context.ip,
  });
}
