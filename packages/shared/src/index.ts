export * from './card.ts';
export * from './contract/index.ts';
export * from './identity.ts';
export * from './installment.ts';
export * from './money.ts';
export * from './phone.ts';
export * from './search.ts';
export * from './tashkent-day.ts';
