/**
 * The demo shop's buyers and what they wrote: reviews of about a third of the products (a popular
 * one more often, and with more of them), mostly four and five stars, each in its buyer's language
 * with the pros, cons and comments of reviews/texts.json for its kind of goods, some answered by
 * the shop and found helpful by other buyers. A review in Bozor is of an item of its author's
 * delivered order, so the buyers come with their orders: one delivered order of one line per
 * review, paid in full (no payment or ledger rows: the demo moved no money), all before
 * CATALOGUE_EPOCH as the catalogue's dates are. The buyers' phones are of DEMO_PHONE's block.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { catalogueData } from '../catalogue/data.ts';
import {
  CATALOGUE_EPOCH,
  DEFAULT_SEED,
  type GeneratedCatalogue,
  type ProductRow,
} from '../catalogue/generate.ts';
import { createRandom, type Random } from '../catalogue/random.ts';

/** Mobile operators' codes of the demo buyers' phones (93 is left to the journeys' phones). */
const OPERATORS = ['90', '91', '94', '95', '97', '98', '99', '33', '88', '77', '50'];

/**
 * The demo buyers' phones: 998, an operator's code, then 000 and four digits. The reviews show
 * them masked (+998 90 *** ** 12); the emptying of a demo shop finds its buyers by them.
 */
export const DEMO_PHONE = new RegExp(`^998(${OPERATORS.join('|')})000\\d{4}$`);

export interface CustomerRow {
  id: number;
  /** Of DEMO_PHONE's block. */
  phone: string;
  lang: 'uz' | 'ru';
  createdAt: Date;
  /** When the buyer was last in: their latest review. */
  lastSignInAt: Date;
}

/** Delivered, paid in full, with free delivery: `total` is its one line's price × count. */
export interface OrderRow {
  id: number;
  customerId: number;
  total: number;
  deliveryUz: string;
  deliveryRu: string;
  createdAt: Date;
  paidAt: Date;
  shippedAt: Date;
  deliveredAt: Date;
}

export interface OrderItemRow {
  id: number;
  orderId: number;
  productId: number;
  nameUz: string;
  nameRu: string;
  image: string | null;
  price: number;
  count: number;
}

export interface ReviewRow {
  id: number;
  orderItemId: number;
  orderId: number;
  customerId: number;
  productId: number;
  rating: number;
  pros: string;
  cons: string;
  comment: string;
  /** Published by a content manager, or (a few) rejected with a reason its author reads. */
  status: 'published' | 'rejected';
  rejectReason: string | null;
  answer: string | null;
  answeredAt: Date | null;
  moderatedAt: Date;
  /** How many votes of `helpfulVotes` it has. */
  helpfulCount: number;
  createdAt: Date;
}

export interface HelpfulVoteRow {
  reviewId: number;
  customerId: number;
  createdAt: Date;
}

/** A product's sums of its published reviews, as the shop keeps them on the product. */
export interface ProductRating {
  productId: number;
  /** The average to one decimal; 0 without reviews. */
  rating: number;
  ratingCount: number;
  /** Reviews with 1, 2, 3, 4 and 5 stars. */
  ratingStars: number[];
}

/**
 * The buyers, their orders and reviews for a generated catalogue, keyed like the shop's tables.
 * Ids count from 1 within each list, in the order of time; product ids are the catalogue's.
 */
export interface GeneratedReviews {
  customers: CustomerRow[];
  orders: OrderRow[];
  orderItems: OrderItemRow[];
  reviews: ReviewRow[];
  helpfulVotes: HelpfulVoteRow[];
  /** One for each product with a published review. */
  productRatings: ProductRating[];
}

/** Russian first, then Uzbek, as the catalogue's files are. */
const RuUz = z.tuple([z.string().min(1), z.string().min(1)]);
const Phrases = z.array(RuUz).min(1);

const TextsFile = z.strictObject({
  /** Pros and cons of a kind of goods: `for` names leaf categories, kinds or groups. */
  topics: z.array(
    z.strictObject({ for: z.array(z.string()).min(1), pros: Phrases, cons: Phrases }),
  ),
  /** What buyers say of their purchase, by the stars they gave. */
  comments: z.strictObject({ 1: Phrases, 2: Phrases, 3: Phrases, 4: Phrases, 5: Phrases }),
  /** Said by pleased buyers about the delivery and the shop. */
  remarks: Phrases,
  /** Said by displeased ones. */
  complaints: Phrases,
  /** What a pleased buyer writes under cons. */
  noCons: Phrases,
  answers: z.strictObject({ thanks: Phrases, sorry: Phrases }),
  rejected: z.array(z.strictObject({ comment: RuUz, reason: RuUz })).min(1),
  deliveries: Phrases,
});
type Texts = z.output<typeof TextsFile>;
type Pair = [string, string];
type Topic = Texts['topics'][number];

let loaded: Texts | undefined;

function readTexts(): Texts {
  if (loaded) return loaded;
  const text = readFileSync(new URL('../../reviews/texts.json', import.meta.url), 'utf8');
  const parsed = TextsFile.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`reviews/texts.json:\n${z.prettifyError(parsed.error)}`);
  loaded = parsed.data;
  return loaded;
}

/** Draws from a stream of its own, so a seed's catalogue is as it was before reviews. */
const REVIEW_STREAM = 0x2e71e;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Products listed more recently than this before the epoch have no reviews yet. */
const FRESH_DAYS = 30;
const MOST_REVIEWS = 40;
/** Reviews per buyer, on average; each buyer bought what they reviewed. */
const REVIEWS_PER_BUYER = 2.5;
const MOST_BUYERS = 20_000;

/** Of a thousand reviews, how many give 1, 2, 3, 4 and 5 stars, by how good the product is. */
const STAR_SHARES = [
  { share: 0.7, stars: [10, 20, 50, 220, 700] },
  { share: 0.22, stars: [40, 60, 150, 350, 400] },
  { share: 0.08, stars: [150, 150, 250, 250, 200] },
];

/** The share of products reviewed and how many reviews one gets grow with its popularity. */
function reviewCount(rnd: Random, popularity: number): number {
  const [share, mean] =
    popularity >= 10_000
      ? [0.75, 2 + popularity / 20_000]
      : popularity >= 1_000
        ? [0.5, 1.5]
        : [0.2, 0.6];
  if (!rnd.chance(share)) return 0;
  return Math.min(MOST_REVIEWS, 1 + Math.floor(-Math.log(1 - rnd.next()) * mean));
}

function drawQuality(rnd: Random): readonly number[] {
  let point = rnd.next();
  for (const quality of STAR_SHARES) {
    point -= quality.share;
    if (point < 0) return quality.stars;
  }
  return STAR_SHARES[0]!.stars;
}

function drawStars(rnd: Random, shares: readonly number[]): number {
  let point = rnd.next() * 1_000;
  for (const [i, n] of shares.entries()) {
    point -= n;
    if (point < 0) return i + 1;
  }
  return 5;
}

/** Each product's topic: that of its leaf category, else of its kind, else of its group. */
function topicsOfProducts(catalogue: GeneratedCatalogue, texts: Texts): Map<number, Topic> {
  const data = catalogueData();
  const byKey = new Map<string, Topic>();
  for (const topic of texts.topics) for (const key of topic.for) byKey.set(key, topic);
  const leafTopics = new Map<string, Topic>();
  for (const root of data.categories) {
    for (const sub of root.subs) {
      for (const leaf of sub.leaves) {
        const profile = data.profiles[leaf.profile];
        const topic =
          byKey.get(leaf.slug) ??
          byKey.get(leaf.kind ?? profile?.kind ?? '') ??
          byKey.get(profile?.group ?? '');
        if (!topic) throw new Error(`reviews/texts.json: no topic for leaf ${leaf.slug}`);
        leafTopics.set(leaf.slug, topic);
      }
    }
  }
  const slugs = new Map(catalogue.categories.map((c) => [c.id, c.slug]));
  return new Map(
    catalogue.products.flatMap((p) => {
      const topic = leafTopics.get(slugs.get(p.categoryId) ?? '');
      return topic ? [[p.id, topic] as const] : [];
    }),
  );
}

/** A moment of the day between 09:00 and 23:00 in Tashkent, `days` whole days after `from`. */
function daytime(rnd: Random, from: number, days: number): number {
  const day = Math.floor(from / DAY) * DAY + days * DAY;
  return day + 4 * HOUR + Math.floor(rnd.next() * 14 * HOUR);
}

interface Draft {
  product: ProductRow;
  rating: number;
  customer: DraftCustomer;
  lang: 0 | 1;
  orderAt: number;
  paidAt: number;
  shippedAt: number;
  deliveredAt: number;
  writtenAt: number;
  count: number;
  delivery: Pair;
  text: { pros: string; cons: string; comment: string };
  rejectReason: string | null;
  answer: string | null;
  answeredAt: number | null;
  moderatedAt: number;
  voters: { customer: DraftCustomer; at: number }[];
}

interface DraftCustomer {
  phone: string;
  lang: 'uz' | 'ru';
  /** What they bought (and reviewed): never the same product twice. */
  products: Set<number>;
  first: number;
  last: number;
  /** Given once all buyers are known, in the order they joined. */
  id: number;
}

function drawPhones(rnd: Random, count: number): string[] {
  const phones = new Set<string>();
  while (phones.size < count) {
    phones.add(`998${rnd.pick(OPERATORS)}000${String(rnd.int(0, 9_999)).padStart(4, '0')}`);
  }
  return [...phones];
}

/** One to `most` distinct phrases of a list, in the buyer's language, as sentences. */
function phrases(rnd: Random, list: readonly Pair[], lang: 0 | 1, most: number): string {
  const take = Math.min(list.length, rnd.int(1, most));
  return rnd
    .sample(list, take)
    .map((pair) => pair[lang])
    .join('. ');
}

function writeText(
  rnd: Random,
  texts: Texts,
  topic: Topic,
  rating: number,
  lang: 0 | 1,
): Draft['text'] {
  const say = (list: readonly Pair[]) => rnd.pick(list)[lang];
  const comments = texts.comments[rating as keyof Texts['comments']];
  let pros = '';
  if (rating >= 4 ? rnd.chance(0.85) : rating === 3 ? rnd.chance(0.7) : rnd.chance(0.3)) {
    pros = phrases(rnd, topic.pros, lang, rating >= 4 ? 2 : 1);
  }
  let cons = '';
  if (rating === 5) {
    const point = rnd.next();
    if (point < 0.5) cons = say(texts.noCons);
    else if (point < 0.7) cons = say(topic.cons);
  } else if (rating === 4) {
    const point = rnd.next();
    if (point < 0.75) cons = say(topic.cons);
    else if (point < 0.85) cons = say(texts.noCons);
  } else if (rnd.chance(0.9)) {
    cons = phrases(rnd, topic.cons, lang, 2);
  }
  const said: string[] = [];
  if (rnd.chance(0.85)) said.push(say(comments));
  if (rating >= 4 && rnd.chance(0.35)) said.push(say(texts.remarks));
  if (rating <= 2 && rnd.chance(0.4)) said.push(say(texts.complaints));
  if (said.length === 0 && pros === '' && cons === '') {
    said.push(say(comments));
  }
  return { pros, cons, comment: said.join(' ') };
}

/**
 * The products' sums of their published reviews by the rule the shop keeps them by (the API's
 * writeProductRating): how many, how many of each star, the average rounded half up to one
 * decimal. The seed writes them with the products, so its listings and search carry them at once;
 * calling the API's rule per product would double the seed's time (apps/api/test/db/
 * demo-reviews.test.ts holds the two to the same sums on every seeded product).
 */
export function rateProducts(
  reviews: readonly Pick<ReviewRow, 'productId' | 'rating' | 'status'>[],
) {
  const sums = new Map<number, ProductRating>();
  for (const review of reviews) {
    if (review.status !== 'published') continue;
    let sum = sums.get(review.productId);
    if (!sum) {
      sum = {
        productId: review.productId,
        rating: 0,
        ratingCount: 0,
        ratingStars: [0, 0, 0, 0, 0],
      };
      sums.set(review.productId, sum);
    }
    sum.ratingCount += 1;
    sum.ratingStars[review.rating - 1] = (sum.ratingStars[review.rating - 1] ?? 0) + 1;
  }
  return [...sums.values()]
    .map((sum) => {
      const total = sum.ratingStars.reduce((acc, n, i) => acc + n * (i + 1), 0);
      return { ...sum, rating: Math.round((total * 10) / sum.ratingCount) / 10 };
    })
    .sort((a, b) => a.productId - b.productId);
}

/** The buyers, orders and reviews of a catalogue; the same catalogue and seed give the same rows. */
export function generateReviews(
  catalogue: GeneratedCatalogue,
  options: { seed?: number } = {},
): GeneratedReviews {
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed)) throw new Error('seed must be a whole number');
  const rnd = createRandom(seed ^ REVIEW_STREAM);
  const texts = readTexts();
  const topics = topicsOfProducts(catalogue, texts);

  const planned: { product: ProductRow; ratings: number[] }[] = [];
  for (const product of catalogue.products) {
    const n = reviewCount(rnd, product.popularity);
    if (n === 0 || !product.isActive || !topics.has(product.id)) continue;
    if (CATALOGUE_EPOCH - product.createdAt.getTime() < FRESH_DAYS * DAY) continue;
    const quality = drawQuality(rnd);
    planned.push({
      product,
      ratings: Array.from({ length: n }, () => drawStars(rnd, quality)),
    });
  }
  const total = planned.reduce((sum, p) => sum + p.ratings.length, 0);
  const buyers: DraftCustomer[] = drawPhones(
    rnd,
    Math.min(MOST_BUYERS, Math.ceil(total / REVIEWS_PER_BUYER)),
  ).map((phone) => ({
    phone,
    lang: rnd.chance(0.55) ? 'uz' : 'ru',
    products: new Set(),
    first: Number.POSITIVE_INFINITY,
    last: 0,
    id: 0,
  }));

  // a few buyers write many of the reviews, most write one or two
  const buyerFor = (productId: number): DraftCustomer => {
    for (let attempt = 0; ; attempt++) {
      const index =
        attempt < 8 ? Math.floor(buyers.length * rnd.next() ** 1.3) : rnd.int(0, buyers.length - 1);
      const buyer = buyers[index] as DraftCustomer;
      if (!buyer.products.has(productId) || attempt > 50) return buyer;
    }
  };

  const drafts: Draft[] = [];
  for (const { product, ratings } of planned) {
    const topic = topics.get(product.id) as Topic;
    const listed = product.createdAt.getTime();
    const days = Math.floor((CATALOGUE_EPOCH - listed) / DAY) - 20;
    for (const rating of ratings) {
      const customer = buyerFor(product.id);
      customer.products.add(product.id);
      const lang = customer.lang === 'ru' ? 0 : 1;
      const orderAt = daytime(rnd, listed, rnd.int(2, days));
      const paidAt = orderAt + rnd.int(1, 20) * 60_000;
      const shippedAt = orderAt + rnd.int(18, 40) * HOUR;
      const deliveredAt = shippedAt + rnd.int(3, 60) * HOUR;
      const writtenAt = Math.min(
        daytime(rnd, deliveredAt, rnd.int(1, 14)),
        CATALOGUE_EPOCH - rnd.int(1, 12) * HOUR,
      );
      const moderatedAt = Math.min(writtenAt + rnd.int(1, 20) * HOUR, CATALOGUE_EPOCH);
      const rejected = rnd.chance(0.02) ? rnd.pick(texts.rejected) : undefined;
      const text = rejected
        ? { pros: '', cons: '', comment: rejected.comment[lang] }
        : writeText(rnd, texts, topic, rating, lang);
      const answered = !rejected && rnd.chance(rating <= 3 ? 0.65 : 0.15);
      const answer = answered
        ? rnd.pick(rating <= 3 ? texts.answers.sorry : texts.answers.thanks)[lang]
        : null;
      customer.first = Math.min(customer.first, orderAt);
      customer.last = Math.max(customer.last, writtenAt);
      drafts.push({
        product,
        rating,
        customer,
        lang,
        orderAt,
        paidAt,
        shippedAt,
        deliveredAt,
        writtenAt,
        count: product.price < 300_000 && rnd.chance(0.1) ? 2 : 1,
        delivery: rnd.pick(texts.deliveries),
        text,
        rejectReason: rejected ? rejected.reason[lang] : null,
        answer,
        answeredAt: answered
          ? Math.min(moderatedAt + rnd.int(0, 36) * HOUR, CATALOGUE_EPOCH)
          : null,
        moderatedAt,
        voters: [],
      });
    }
  }

  // other buyers find a published review helpful, once each
  const known = buyers.filter((b) => b.products.size > 0);
  for (const draft of drafts) {
    if (draft.rejectReason !== null || !rnd.chance(0.35)) continue;
    const wanted = Math.min(known.length - 1, 1 + Math.floor(-Math.log(1 - rnd.next()) * 2.5));
    const picked = new Set<DraftCustomer>([draft.customer]);
    while (picked.size <= wanted) picked.add(rnd.pick(known));
    picked.delete(draft.customer);
    for (const customer of picked) {
      const at = draft.writtenAt + Math.floor(rnd.next() * (CATALOGUE_EPOCH - draft.writtenAt));
      draft.voters.push({ customer, at });
    }
  }

  const customers = known
    .map((b) => ({ buyer: b, createdAt: b.first - rnd.int(0, 60) * DAY - rnd.int(0, 23) * HOUR }))
    .sort((a, b) => a.createdAt - b.createdAt || a.buyer.phone.localeCompare(b.buyer.phone))
    .map(({ buyer, createdAt }, i): CustomerRow => {
      buyer.id = i + 1;
      return {
        id: buyer.id,
        phone: buyer.phone,
        lang: buyer.lang,
        createdAt: new Date(createdAt),
        lastSignInAt: new Date(buyer.last),
      };
    });

  const byOrder = drafts
    .map((draft, i) => ({ draft, i }))
    .sort((a, b) => a.draft.orderAt - b.draft.orderAt || a.i - b.i)
    .map(({ draft }, i) => ({ draft, orderId: i + 1 }));
  const orderIdOf = new Map(byOrder.map(({ draft, orderId }) => [draft, orderId]));
  const orders = byOrder.map(
    ({ draft: d, orderId }): OrderRow => ({
      id: orderId,
      customerId: d.customer.id,
      total: d.product.price * d.count,
      deliveryUz: d.delivery[1],
      deliveryRu: d.delivery[0],
      createdAt: new Date(d.orderAt),
      paidAt: new Date(d.paidAt),
      shippedAt: new Date(d.shippedAt),
      deliveredAt: new Date(d.deliveredAt),
    }),
  );
  const orderItems = byOrder.map(
    ({ draft: d, orderId }): OrderItemRow => ({
      id: orderId,
      orderId,
      productId: d.product.id,
      nameUz: d.product.nameUz,
      nameRu: d.product.nameRu,
      image: d.product.images[0] ?? null,
      price: d.product.price,
      count: d.count,
    }),
  );

  const written = [...drafts].sort(
    (a, b) => a.writtenAt - b.writtenAt || (orderIdOf.get(a) ?? 0) - (orderIdOf.get(b) ?? 0),
  );
  const reviews: ReviewRow[] = [];
  const helpfulVotes: HelpfulVoteRow[] = [];
  for (const [i, d] of written.entries()) {
    const id = i + 1;
    const orderId = orderIdOf.get(d) as number;
    reviews.push({
      id,
      orderItemId: orderId,
      orderId,
      customerId: d.customer.id,
      productId: d.product.id,
      rating: d.rating,
      ...d.text,
      status: d.rejectReason === null ? 'published' : 'rejected',
      rejectReason: d.rejectReason,
      answer: d.answer,
      answeredAt: d.answeredAt === null ? null : new Date(d.answeredAt),
      moderatedAt: new Date(d.moderatedAt),
      helpfulCount: d.voters.length,
      createdAt: new Date(d.writtenAt),
    });
    for (const vote of d.voters) {
      helpfulVotes.push({
        reviewId: id,
        customerId: vote.customer.id,
        createdAt: new Date(vote.at),
      });
    }
  }

  return {
    customers,
    orders,
    orderItems,
    reviews,
    helpfulVotes,
    productRatings: rateProducts(reviews),
  };
}
