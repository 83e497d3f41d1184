import { describe, expect, it } from 'vitest';
import { CATALOGUE_EPOCH, generateCatalogue } from '../src/catalogue/generate.ts';
import { DEMO_PHONE, generateReviews, rateProducts } from '../src/reviews/generate.ts';

const CYRILLIC = /[а-яё]/i;

describe('generateReviews', () => {
  const catalogue = generateCatalogue();
  const bought = generateReviews(catalogue);
  const products = new Map(catalogue.products.map((p) => [p.id, p]));
  const orders = new Map(bought.orders.map((o) => [o.id, o]));
  const items = new Map(bought.orderItems.map((i) => [i.id, i]));
  const buyers = new Map(bought.customers.map((c) => [c.id, c]));
  const published = bought.reviews.filter((r) => r.status === 'published');

  it('gives the same rows for the same catalogue and seed, and others for another seed', () => {
    const small = generateCatalogue({ products: 300, seed: 7 });
    const first = generateReviews(small, { seed: 7 });
    expect(generateReviews(generateCatalogue({ products: 300, seed: 7 }), { seed: 7 })).toEqual(
      first,
    );
    const other = generateReviews(small, { seed: 8 });
    expect(other.reviews.map((r) => r.productId)).not.toEqual(
      first.reviews.map((r) => r.productId),
    );
    expect(generateReviews(generateCatalogue({ products: 0 }))).toMatchObject({
      customers: [],
      orders: [],
      reviews: [],
      productRatings: [],
    });
  });

  it('reviews about a third of the products, the popular ones more often and more', () => {
    const share = bought.productRatings.length / catalogue.products.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.42);
    const byPopularity = [...catalogue.products].sort((a, b) => b.popularity - a.popularity);
    const rated = new Map(bought.productRatings.map((r) => [r.productId, r.ratingCount]));
    const tenth = byPopularity.slice(0, byPopularity.length / 10);
    const lowerHalf = byPopularity.slice(byPopularity.length / 2);
    const shareOf = (list: typeof tenth) =>
      list.filter((p) => rated.has(p.id)).length / list.length;
    expect(shareOf(tenth)).toBeGreaterThan(2 * shareOf(lowerHalf));
    const most = Math.max(...rated.values());
    expect(most).toBeGreaterThanOrEqual(10);
    expect(tenth.some((p) => rated.get(p.id) === most)).toBe(true);
  });

  it('rates mostly four and five stars, with some lower', () => {
    const high = published.filter((r) => r.rating >= 4).length;
    expect(high / published.length).toBeGreaterThan(0.75);
    for (const stars of [1, 2, 3]) {
      expect(published.some((r) => r.rating === stars)).toBe(true);
    }
  });

  it('writes each review in its buyer’s language, varied, some answered by the shop', () => {
    for (const review of bought.reviews) {
      const text = `${review.pros} ${review.cons} ${review.comment} ${review.answer ?? ''}`;
      expect(text.trim(), `review ${review.id}`).not.toBe('');
      expect(text).not.toMatch(/lorem|ipsum/i);
      expect(CYRILLIC.test(text), `review ${review.id}: ${text}`).toBe(
        buyers.get(review.customerId)?.lang === 'ru',
      );
    }
    const languages = new Set(bought.customers.map((c) => c.lang));
    expect(languages).toEqual(new Set(['uz', 'ru']));
    expect(new Set(bought.reviews.map((r) => r.comment)).size).toBeGreaterThan(50);
    expect(new Set(bought.reviews.map((r) => r.pros)).size).toBeGreaterThan(100);
    const answered = published.filter((r) => r.answer !== null);
    expect(answered.length / published.length).toBeGreaterThan(0.1);
    expect(answered.every((r) => r.answeredAt !== null && r.answeredAt >= r.moderatedAt)).toBe(
      true,
    );
    const rejected = bought.reviews.filter((r) => r.status === 'rejected');
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected.every((r) => r.rejectReason !== null && r.answer === null)).toBe(true);
    expect(published.every((r) => r.rejectReason === null)).toBe(true);
  });

  it('makes each review of a delivered item its buyer ordered, in the order of time', () => {
    expect(bought.orders.map((o) => o.id)).toEqual(bought.orders.map((_, i) => i + 1));
    expect(bought.reviews.map((r) => r.id)).toEqual(bought.reviews.map((_, i) => i + 1));
    expect(new Set(bought.reviews.map((r) => r.orderItemId)).size).toBe(bought.reviews.length);
    expect(bought.orderItems).toHaveLength(bought.orders.length);
    for (const review of bought.reviews) {
      const item = items.get(review.orderItemId);
      const order = orders.get(review.orderId);
      const product = products.get(review.productId);
      expect(item?.orderId).toBe(review.orderId);
      expect(item?.productId).toBe(review.productId);
      expect(order?.customerId).toBe(review.customerId);
      expect(item).toMatchObject({ nameUz: product?.nameUz, price: product?.price });
      expect(order?.total).toBe((item?.price ?? 0) * (item?.count ?? 0));
      const times = [
        product?.createdAt,
        order?.createdAt,
        order?.paidAt,
        order?.shippedAt,
        order?.deliveredAt,
        review.createdAt,
        review.moderatedAt,
      ].map((t) => t?.getTime() ?? Number.NaN);
      expect(times, `review ${review.id}`).toEqual([...times].sort((a, b) => a - b));
      expect(review.moderatedAt.getTime()).toBeLessThanOrEqual(CATALOGUE_EPOCH);
    }
    const ordered = bought.orders.map((o) => o.createdAt.getTime());
    expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
  });

  it('gives its buyers unique phones of the demo block, shown masked', () => {
    const phones = bought.customers.map((c) => c.phone);
    expect(new Set(phones).size).toBe(phones.length);
    for (const phone of phones) expect(phone).toMatch(DEMO_PHONE);
    expect(DEMO_PHONE.test('998931234567')).toBe(false);
    expect(DEMO_PHONE.test('998930001234')).toBe(false);
    expect(new Set(phones.map((p) => p.slice(3, 5))).size).toBeGreaterThan(5);
    for (const buyer of bought.customers) {
      const own = bought.orders.filter((o) => o.customerId === buyer.id);
      expect(own.length).toBeGreaterThan(0);
      expect(buyer.createdAt.getTime()).toBeLessThanOrEqual(own[0]!.createdAt.getTime());
    }
    const perBuyer = bought.reviews.length / bought.customers.length;
    expect(perBuyer).toBeGreaterThan(1.5);
    expect(perBuyer).toBeLessThan(4);
  });

  it('counts each helpful vote once, by another buyer, on a published review', () => {
    const votes = new Map<number, number>();
    const seen = new Set<string>();
    for (const vote of bought.helpfulVotes) {
      const review = bought.reviews[vote.reviewId - 1];
      expect(review?.status).toBe('published');
      expect(vote.customerId).not.toBe(review?.customerId);
      expect(buyers.has(vote.customerId)).toBe(true);
      expect(vote.createdAt >= (review?.createdAt ?? vote.createdAt)).toBe(true);
      seen.add(`${vote.reviewId}:${vote.customerId}`);
      votes.set(vote.reviewId, (votes.get(vote.reviewId) ?? 0) + 1);
    }
    expect(seen.size).toBe(bought.helpfulVotes.length);
    for (const review of bought.reviews) {
      expect(review.helpfulCount).toBe(votes.get(review.id) ?? 0);
    }
  });

  it('sums each product’s published reviews', () => {
    expect(bought.productRatings).toEqual(rateProducts(bought.reviews));
    const count = bought.productRatings.reduce((sum, r) => sum + r.ratingCount, 0);
    expect(count).toBe(published.length);
    const rate = (...ratings: number[]) =>
      rateProducts(ratings.map((rating) => ({ productId: 1, rating, status: 'published' })))[0];
    expect(rate(4, 5)).toEqual({
      productId: 1,
      rating: 4.5,
      ratingCount: 2,
      ratingStars: [0, 0, 0, 1, 1],
    });
    expect(rate(5, 4, 4, 4)?.rating).toBe(4.3);
    expect(rate(5, 5, 4)?.rating).toBe(4.7);
    expect(rate(1, 2, 2, 2)?.rating).toBe(1.8);
    expect(
      rateProducts([
        { productId: 2, rating: 5, status: 'published' },
        { productId: 2, rating: 1, status: 'rejected' },
      ]),
    ).toEqual([{ productId: 2, rating: 5, ratingCount: 1, ratingStars: [0, 0, 0, 0, 1] }]);
  });
});
