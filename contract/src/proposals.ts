import { z } from 'zod';
import { CURRENCIES } from './currency-helpers.ts';
import { defineMessages } from './messages.ts';
import { draft, draftLineInput } from './orders.ts';
import { pageOf, pageQuery } from './paging.ts';
import { langQuery } from './query.ts';
import { isRealDay } from './wholesale.ts';

/**
 * Proposals (issue 57): an order the label writes for a shop. The shop's people see it in their account,
 * may adjust it and send it as their own (an order like any other from then on, ranked when sent), or
 * decline it; it lapses after its date.
 */
export const PROPOSAL_STATUSES = ['open', 'sent', 'declined', 'expired'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** At most so many lines in a proposal (as in an order). */
export const PROPOSAL_LINES_MAX = 300;

export const PROPOSAL_MESSAGES = defineMessages('proposal', {
  notFound: { en: 'This proposal does not exist (introuvable).', fr: 'Cette proposition est introuvable.' },
  closed: {
    en: 'This proposal has already been sent or declined.',
    fr: 'Cette proposition a déjà été envoyée ou déclinée.',
  },
  expired: {
    en: 'This proposal is past its date: ask the label for a new one.',
    fr: 'Cette proposition a dépassé sa date : demandez-en une nouvelle à la marque.',
  },
  expiresInvalid: {
    en: 'Give the date until which the proposal holds: a real date, today or later (YYYY-MM-DD).',
    fr: 'Indiquez la date jusqu’à laquelle la proposition tient : une vraie date, aujourd’hui ou plus tard (AAAA-MM-JJ).',
    field: '/expiresOn',
  },
  companyUnknown: {
    en: 'This shop does not exist or is not accepted yet.',
    fr: 'Cette boutique n’existe pas ou n’est pas encore acceptée.',
    field: '/companyId',
  },
  doorInvalid: { en: 'This door is not one of the shop’s.', fr: 'Cette adresse n’est pas une des adresses de la boutique.', field: '/doorId' },
  linesInvalid: {
    en: 'List from 1 to 300 lines, each a piece in a size with a quantity.',
    fr: 'Indiquez de 1 à 300 lignes, chacune une pièce dans une taille avec une quantité.',
    field: '/items',
  },
});

const items = z.array(draftLineInput).min(1, PROPOSAL_MESSAGES.linesInvalid).max(PROPOSAL_LINES_MAX, PROPOSAL_MESSAGES.linesInvalid);

/** `POST /api/admin/proposals`: the shop, its door (optional), the lines (as a draft's), the date it holds until, a word. */
export const proposalInput = z.object({
  companyId: z.number({ error: PROPOSAL_MESSAGES.companyUnknown }).int().positive({ error: PROPOSAL_MESSAGES.companyUnknown }),
  doorId: z.number().int().positive().optional(),
  items,
  expiresOn: z.string({ error: PROPOSAL_MESSAGES.expiresInvalid }).trim().refine(isRealDay, { error: PROPOSAL_MESSAGES.expiresInvalid }),
  message: z.string().trim().max(2000).optional(),
});
export type ProposalInput = z.infer<typeof proposalInput>;

/** `POST /api/proposals/{id}/send`: the lines as the shop adjusted them (absent: as proposed), and its door. */
export const proposalSendInput = z.object({ items: items.optional(), doorId: z.number().int().positive().optional() });
export type ProposalSendInput = z.infer<typeof proposalSendInput>;

/** A proposal as the shop and the label read it: its lines priced for the shop (as its draft would be). */
export const proposal = z
  .object({
    id: z.number(),
    status: z.enum(PROPOSAL_STATUSES),
    company: z.object({ id: z.number(), name: z.string() }),
    door: z.object({ id: z.number(), name: z.string(), town: z.string() }).nullable(),
    expiresOn: z.string(),
    message: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    /** The order it became (the first, when its lines go to several windows). */
    order: z.object({ id: z.number(), number: z.string() }).nullable(),
    lines: draft.shape.lines,
    pieces: z.number(),
    total: z.number(),
    discount: z.number().optional(),
    currency: z.enum(CURRENCIES).optional(),
  })
  .meta({ id: 'Proposal' });
export type Proposal = z.infer<typeof proposal>;

/** The shop's proposals: the open ones, then the last decided, at most 20. */
export const proposalList = z.object({ data: z.array(proposal) }).meta({ id: 'ProposalList' });
export type ProposalList = z.infer<typeof proposalList>;

export const proposalSummary = proposal.pick({ id: true, status: true, company: true, expiresOn: true, createdAt: true, pieces: true }).extend({
  lines: z.number(),
  order: proposal.shape.order,
});
export const adminProposalList = pageOf(proposalSummary).meta({ id: 'AdminProposalList' });
export type AdminProposalList = z.infer<typeof adminProposalList>;
/** `GET /api/admin/proposals`: of one status, searched by the shop's name. */
export const adminProposalQuery = z.intersection(z.intersection(z.object({ status: z.enum(PROPOSAL_STATUSES).optional() }), pageQuery), langQuery);
