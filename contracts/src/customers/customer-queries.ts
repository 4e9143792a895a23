import { z } from 'zod';

/** The whole customer directory at most (the plain call takes no parameters). */
export const WHOLE_DIRECTORY = 10_000;

/** GET /api/admin/customers: all customers, or `q` matching name or email; `limit` caps either. */
export const searchCustomersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(WHOLE_DIRECTORY).optional(),
});
