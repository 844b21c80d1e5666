export * from './constants.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './i18n.ts';
export * from './brand.ts';
export * from './catalogue.ts';
export * from './journal.ts';
export * from './stockists.ts';
