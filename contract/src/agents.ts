import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { pageOf, pageQuery } from './paging.ts';

/** Every sentence of the sales agents' screen. */
export const AGENT_MESSAGES = defineMessages('agent', {
  nameInvalid: { en: 'The agent’s name is 1 to 80 characters.', fr: 'Le nom de l’agent compte 1 à 80 caractères.', field: '/name' },
  emailInvalid: { en: 'Enter a valid e-mail address.', fr: 'Saisissez une adresse e-mail valide.', field: '/email' },
  commissionInvalid: {
    en: 'The commission is a percentage from 0 to 50, with 2 decimals at most, or none.',
    fr: 'La commission est un pourcentage de 0 à 50, avec 2 décimales au plus, ou aucune.',
    field: '/commissionRate',
  },
  emailTaken: {
    en: 'This e-mail address already has an account here: an agent needs an address of their own.',
    fr: 'Cette adresse e-mail a déjà un compte ici : un agent a besoin d’une adresse à lui.',
    field: '/email',
  },
  agentNotFound: { en: 'This agent does not exist (introuvable).', fr: 'Cet agent est introuvable.' },
  invited: { en: 'The invitation was sent again.', fr: 'L’invitation a été renvoyée.' },
});

const commission = z
  .number({ error: AGENT_MESSAGES.commissionInvalid })
  .min(0, { error: AGENT_MESSAGES.commissionInvalid })
  .max(50, { error: AGENT_MESSAGES.commissionInvalid })
  .refine((v) => Math.round(v * 100) === v * 100, { error: AGENT_MESSAGES.commissionInvalid })
  .nullable()
  .default(null);

/** `POST /api/admin/agents`: invite an agent (a set-password link by mail). */
export const agentInput = z.object({
  name: z.string({ error: AGENT_MESSAGES.nameInvalid }).trim().min(1, { error: AGENT_MESSAGES.nameInvalid }).max(80, { error: AGENT_MESSAGES.nameInvalid }),
  email: z
    .string({ error: AGENT_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: AGENT_MESSAGES.emailInvalid }).max(254, { error: AGENT_MESSAGES.emailInvalid })),
  /** Percent of the orders they take, for the owner's own reckoning. */
  commissionRate: commission,
  locale: z.enum(['fr', 'en']).default('fr'),
});
export type AgentInput = z.input<typeof agentInput>;

/** `PUT /api/admin/agents/:id`: rename, change the commission, disable or enable. */
export const agentUpdate = z.object({
  name: agentInput.shape.name,
  commissionRate: commission,
  active: z.boolean(),
});
export type AgentUpdate = z.input<typeof agentUpdate>;

export const agent = z
  .object({
    id: z.number(),
    /** The agent's account: what an order's `takenBy.id` names, and the owner's orders filter by. */
    userId: z.number(),
    name: z.string(),
    email: z.string(),
    commissionRate: z.number().nullable(),
    active: z.boolean(),
    /** False until the agent has chosen a password from the invitation. */
    passwordSet: z.boolean(),
    invitedAt: z.string(),
    lastSignInAt: z.string().nullable(),
  })
  .meta({ id: 'Agent' });
export type Agent = z.infer<typeof agent>;
/** A page (issue 43: `?limit=&page=&cursor=`). */
export const agentList = pageOf(agent);
export const agentListQuery = pageQuery.omit({ q: true });
