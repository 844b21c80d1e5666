import { defineArea } from '../../platform/area.ts';

/** The durable outbox every area queues its mail in (outbox.ts); no route of its own. */
export const mailArea = defineArea<Record<never, never>>({ name: 'mail', tables: ['mail_outbox'] });
