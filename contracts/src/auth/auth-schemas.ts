import { z } from 'zod';

/** The product's generic messages: 'Required' when a field is missing, 'Invalid input' for a wrong type. */
const requiredString = () => z.string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Invalid input') });

export const customerLoginSchema = z.object({
  // Spaces around a typed or pasted address are not part of it; a missing one is 'Required' like the order number.
  email: requiredString()
    .trim()
    .pipe(z.email({ error: 'Invalid email' }).max(255)),
  orderNumber: requiredString().trim().min(1, 'Required').max(100),
});

/** With CUSTOMER_LOGIN_CODE=1, a sign-in from a browser the account does not know asks for an emailed code. */
export const LOGIN_CODE_PROMPT = 'Enter the code we emailed you';

export const loginCodeRequiredSchema = z.object({
  codeRequired: z.literal(true),
  /** Sent back with the code. */
  challengeId: z.string(),
  message: z.string(),
  /** ISO time after which the code no longer works. */
  expiresAt: z.string(),
});
export type LoginCodeRequired = z.infer<typeof loginCodeRequiredSchema>;

export const loginCodeSchema = z.object({
  challengeId: requiredString().min(1, 'Required').max(100),
  code: requiredString()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});

export const adminLoginSchema = z.object({
  username: requiredString().trim().min(1, 'Required').max(100),
  password: requiredString().min(1, 'Required').max(1000),
});

/** Admins change orders; auditors read everything an admin reads and change nothing; customers see their own. */
export const roles = ['admin', 'auditor', 'customer'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  /** Kept for readers of the session: true only for the `admin` role. */
  isAdmin: z.boolean(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema });

export const errorBodySchema = z.object({ message: z.string() });
