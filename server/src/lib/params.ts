import { API_ERRORS } from '@atelier/contract';
import { z } from 'zod';

/** A number in a path (`/orders/:id`): 1 to 10 digits, else `message` (what the caller was looking for). */
export const pathId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, { error: message })
    .transform(Number);

/** `{ id }` in a path, with the message a wrong one gets. */
export const idParam = (message: string = API_ERRORS.idInvalid) => z.object({ id: pathId(message) });
