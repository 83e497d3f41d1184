import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { productsOf } from './checkout.ts';

/**
 * The calls the storefront makes for a customer who buys outright with a card they have bound:
 * a product to the basket and to checkout, a delivery address, the order, and its payment.
 * Answers the order's id (confirmed: paid in full).
 */
export async function placePaidOrder(
  request: APIRequestContext,
  customer: { token: string; phone: string; cardId: number },
): Promise<number> {
  const headers = { Authorization: `Bearer ${customer.token}`, lang: 'ru' };
  const post = async (path: string, data: object, key?: string) => {
    const response = await request.post(`/api${path}`, {
      headers: key ? { ...headers, 'Idempotency-Key': key } : headers,
      data,
    });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: Record<string, number> }).data;
  };
  const [product] = (await productsOf(request, 'futbolka', 'cheap')).filter((p) => p.in_stock);
  expect(product, 'a T-shirt in stock').toBeTruthy();
  const line = await post('/baskets', { product_id: product!.id, count: 1 });
  await post('/baskets/add-to-order', { ids: [line.id] });
  const regions = (await (await request.get('/api/regions')).json()) as { data: { id: number }[] };
  const region = regions.data[0]!.id;
  const districts = (await (await request.get(`/api/regions/district/${region}`)).json()) as {
    data: { id: number }[];
  };
  const address = await post('/orders/delivery-addresses', {
    region_id: region,
    district_id: districts.data[0]!.id,
    address: 'Bunyodkor shoh ko‘chasi, 12',
    phone: customer.phone,
  });
  const placed = await post(
    '/orders',
    { payment_type: 'full', card_id: customer.cardId, address_id: address.id },
    randomUUID(),
  );
  await post(`/orders/payment/${placed.order_id}/${customer.cardId}`, {}, randomUUID());
  return placed.order_id!;
}
