import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { postalAddress, postalAddressOut } from './address.ts';
import { email } from './auth.ts';
import { companyDetails } from './orders.ts';
import { pageOf, pageQuery } from './paging.ts';
import { COMPANY_DOORS_MAX, COMPANY_ROLES } from './company-constants.ts';

export * from './company-constants.ts';

export const COMPANY_MESSAGES = defineMessages('company', {
  personNotFound: { en: 'This person is not one of this company’s.', fr: 'Cette personne ne fait pas partie de cette société.' },
  doorNotFound: { en: 'This door is not one of this company’s.', fr: 'Ce point de vente n’est pas l’un de ceux de cette société.' },
  companyNotFound: { en: 'This company does not exist (introuvable).', fr: 'Cette société est introuvable.' },
  emailTaken: {
    en: 'This e-mail address already has an account: a person can belong to one company only. Ask them for another address.',
    fr: 'Cette adresse e-mail a déjà un compte : une personne n’appartient qu’à une société. Demandez-lui une autre adresse.',
    field: '/email',
  },
  lastAdmin: {
    en: 'A company keeps at least one admin: give the admin role to someone else first.',
    fr: 'Une société garde au moins un administrateur : donnez d’abord ce rôle à quelqu’un d’autre.',
  },
  roleInvalid: { en: 'The role is admin, buyer or accounts.', fr: 'Le rôle est administrateur, acheteur ou comptabilité.' },
  nameInvalid: { en: 'Please give a name (120 characters at most).', fr: 'Veuillez indiquer un nom (120 caractères au plus).' },
  doorsInvalid: {
    en: 'Give the doors by their numbers, each one of this company’s.',
    fr: 'Indiquez les points de vente par leur numéro, chacun de cette société.',
    field: '/doorIds',
  },
  adminsOnly: {
    en: 'Only your company’s admins manage its people, doors and details.',
    fr: 'Seuls les administrateurs de votre société gèrent ses personnes, ses points de vente et ses coordonnées.',
  },
  accountsCannotOrder: {
    en: 'Your role in your company is accounts: you see invoices and payments but do not order.',
    fr: 'Votre rôle dans votre société est comptabilité : vous voyez factures et paiements mais ne commandez pas.',
  },
  invoicesNotForBuyers: {
    en: 'Invoices and payments are for your company’s admins and accounts people.',
    fr: 'Les factures et les paiements sont réservés aux administrateurs et à la comptabilité de votre société.',
  },
  doorRequired: { en: 'Choose the door this order is for.', fr: 'Choisissez le point de vente de cette commande.' },
  doorNotYours: { en: 'This door is not one you order for.', fr: 'Vous ne commandez pas pour ce point de vente.' },
  lastDoor: {
    en: 'A company keeps at least one door while it has people ordering: add another before removing this one.',
    fr: 'Une société garde au moins un point de vente : ajoutez-en un autre avant de retirer celui-ci.',
  },
  hoursInvalid: { en: 'Opening hours are 300 characters at most.', fr: 'Les horaires font 300 caractères au plus.' },
  tooMany: { en: 'A company has 100 people and 100 doors at most.', fr: 'Une société compte au plus 100 personnes et 100 points de vente.' },
});

const name = z
  .string({ error: COMPANY_MESSAGES.nameInvalid })
  .trim()
  .min(1, { error: COMPANY_MESSAGES.nameInvalid })
  .max(120, { error: COMPANY_MESSAGES.nameInvalid });
const role = z.enum(COMPANY_ROLES, { error: COMPANY_MESSAGES.roleInvalid });
const doorIds = z
  .array(z.number({ error: COMPANY_MESSAGES.doorsInvalid }).int({ error: COMPANY_MESSAGES.doorsInvalid }).positive({ error: COMPANY_MESSAGES.doorsInvalid }), {
    error: COMPANY_MESSAGES.doorsInvalid,
  })
  .max(COMPANY_DOORS_MAX, { error: COMPANY_MESSAGES.doorsInvalid })
  .transform((ids) => [...new Set(ids)]);

/** A person of a company, as the company and the owner see them. */
export const companyPerson = z
  .object({
    id: z.number(),
    name: z.string().nullable(),
    email: z.string(),
    role,
    /** The doors a buyer orders for (admins and accounts people: every door, listed empty). */
    doorIds: z.array(z.number()),
    /** False until they chose their password (the invitation's link). */
    active: z.boolean(),
    invitedAt: z.string(),
    /** The account the company started with. */
    founder: z.boolean(),
  })
  .meta({ id: 'CompanyPerson' });
export type CompanyPerson = z.infer<typeof companyPerson>;
export const companyPersonList = z.object({ data: z.array(companyPerson) });

/** `POST …/people`: a colleague invited by e-mail (a set-password link). */
export const personInvite = z.object({
  email,
  name,
  role,
  doorIds: doorIds.optional(),
  locale: z.enum(['fr', 'en']).default('fr'),
});
export type PersonInvite = z.input<typeof personInvite>;
/** `PATCH …/people/{id}`: another role, other doors, another name. */
export const personUpdate = z.object({ role: role.optional(), doorIds: doorIds.optional(), name: name.optional() });
export type PersonUpdate = z.input<typeof personUpdate>;

/** A place that receives goods, on "where to buy" when public. */
export const companyDoor = z
  .object({
    id: z.number(),
    name: z.string(),
    address: postalAddressOut,
    phone: z.string().nullable(),
    hours: z.string().nullable(),
    public: z.boolean(),
  })
  .meta({ id: 'CompanyDoor' });
export type CompanyDoor = z.infer<typeof companyDoor>;
export const companyDoorList = z.object({ data: z.array(companyDoor) });
export const doorInput = z.object({
  name,
  address: postalAddress,
  phone: z.string().trim().max(40).optional().nullable(),
  hours: z.string({ error: COMPANY_MESSAGES.hoursInvalid }).trim().max(300, { error: COMPANY_MESSAGES.hoursInvalid }).optional().nullable(),
  public: z.boolean().default(false),
});
export type DoorInput = z.input<typeof doorInput>;

/** `GET /api/account/company/me`-like summary: the company a signed-in person belongs to and their role. */
export const companyMembership = z.object({ id: z.number(), name: z.string().nullable(), role }).meta({ id: 'CompanyMembership' });
export type CompanyMembership = z.infer<typeof companyMembership>;

/** A company in the owner's list. */
export const companySummary = z
  .object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    town: z.string().nullable(),
    people: z.number(),
    doors: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'CompanySummary' });
export type CompanySummary = z.infer<typeof companySummary>;
export const companySummaryList = pageOf(companySummary);
export const companyQuery = pageQuery;

/** One company as the owner sees it: its details, people and doors. */
export const companyView = z
  .object({ id: z.number(), email: z.string(), details: companyDetails, people: z.array(companyPerson), doors: z.array(companyDoor) })
  .meta({ id: 'Company' });
export type CompanyView = z.infer<typeof companyView>;
