import { z } from 'zod';

export const customerLoginSchema = z.object({
  email: z.email({ error: 'Invalid email' }).max(255),
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
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema });

export const errorBodySchema = z.object({ message: z.string() });
