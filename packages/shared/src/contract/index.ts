export * from './accounts.ts';
export * from './addresses.ts';
export * from './catalogue.ts';
export * from './common.ts';
export * from './content.ts';
export * from './listing.ts';
export * from './search.ts';
export * from './shopping.ts';
