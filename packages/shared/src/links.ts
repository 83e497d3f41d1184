/**
 * Links a page of the shop may carry. Kept apart from the contracts (no zod): the storefront's
 * first paint imports it.
 */

const SHOP_ORIGIN = 'https://shop.invalid';
/** Whitespace and control characters, C1 ones too: none belongs in a link, and browsers skip some. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NOT_IN_LINK = /[\s\u0000-\u001f\u007f-\u009f\\]/;

/**
 * Whether `link` leads to a page of the shop (a path such as /category/smartfonlar) and nowhere
 * else. It is read as a browser reads it, as an address relative to the shop, which must keep the
 * shop's origin: `//evil.example` or `/\evil.example` (browsers take a backslash for a slash)
 * would leave it. A backslash or a control character is refused outright.
 */
export function isShopLink(link: string): boolean {
  if (!link.startsWith('/') || NOT_IN_LINK.test(link)) return false;
  try {
    return new URL(link, SHOP_ORIGIN).origin === SHOP_ORIGIN;
  } catch {
    return false;
  }
}
