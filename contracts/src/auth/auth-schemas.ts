import { z } from 'zod';

export const customerLoginSchema = z.object({
  // Spaces around a typed or pasted address are not part of it; a missing one is 'Required' like the order number.
  email: z
    .string({ error: 'Required' })
    .trim()
    .pipe(z.email({ error: 'Invalid email' }).max(255)),
  orderNumber: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100),
});

export const adminLoginSchema = z.object({
  username: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(1000),
});

export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema });

export const errorBodySchema = z.object({ message: z.string() });
