/** The seller a contract names and the storefront's footer shows (the SELLER_* variables). */
export interface Seller {
  /** The registered name: «Bozor» MChJ. */
  name: string;
  /** STIR (ИНН): 9 digits. */
  tin: string;
  /** The registered address. */
  address: string;
  /** The bank that keeps the settlement account. */
  bank: string;
  /** The settlement account: 20 digits. */
  account: string;
  /** The bank's MFO code: 5 digits. */
  mfo: string;
}

/**
 * The seller outside production: every contract drawn with it says it is a demo, so none is
 * mistaken for a real one.
 */
export const DEMO_SELLER: Seller = {
  name: 'Bozor MChJ (demo)',
  tin: '300000001',
  address: "Toshkent sh., Yunusobod tumani, Amir Temur ko'chasi, 1 (demo)",
  bank: 'Demo bank (demo)',
  account: '20208000000000000001',
  mfo: '00000',
};
