export * from './accounts.ts';
export * from './addresses.ts';
export * from './catalogue.ts';
export * from './content.ts';
export * from './jobs.ts';
export * from './money.ts';
export * from './scoring.ts';
export * from './shopping.ts';
