export * from './accounts.ts';
export * from './addresses.ts';
export * from './catalogue.ts';
export * from './content.ts';
export * from './shopping.ts';
