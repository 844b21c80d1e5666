import { z } from 'zod';

/** `?lang=`: the language of the answer's texts and messages (every route reads it; see the server's `langOf`). */
export const langQuery = z.object({ lang: z.string().max(35).optional() });
