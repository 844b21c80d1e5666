// Companies' words the browser needs too, without zod (issue 46).
/**
 * A retailer is a company with people and doors. A person has one role:
 * - admin: manages people and doors, sees everything, orders for every door;
 * - buyer: orders for the doors given to them and sees those doors' orders;
 * - accounts: sees invoices, credit notes, payments and delivery notes; orders nothing.
 */
export const COMPANY_ROLES = ['admin', 'buyer', 'accounts'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
/** People and doors a company may have (a limit on every list). */
export const COMPANY_PEOPLE_MAX = 100;
export const COMPANY_DOORS_MAX = 100;
