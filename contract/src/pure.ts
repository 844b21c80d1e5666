// What the browser needs from the contract, without zod: constants and pure helpers.
export * from './constants.ts';
export * from './invoice-constants.ts';
export * from './i18n.ts';
export * from './password.ts';
export * from './catalogue-helpers.ts';
export * from './journal-helpers.ts';
export * from './format.ts';
export * from './carriers.ts';
export * from './return-constants.ts';
export * from './company-constants.ts';
export * from './translations.ts';
export * from './api-path.ts';
export * from './paging-constants.ts';
export * from './terms-helpers.ts';
export * from './currency-helpers.ts';
