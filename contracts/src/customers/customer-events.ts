import { z } from 'zod';

/**
 * A customer known before any order (from an import) has a stream of their own, named by the
 * lowercased email: the stream is what makes importing the same person twice a no-op.
 */
export const customerEventSchemas = {
  CustomerImported: z.object({
    email: z.string(),
    customerName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
  }),
} as const;

export const customerStreamPrefix = 'customer-';
export const customerStream = (email: string): string => `${customerStreamPrefix}${email.trim().toLowerCase()}`;
