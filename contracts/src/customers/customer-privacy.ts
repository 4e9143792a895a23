import { z } from 'zod';

/** `POST /api/admin/customers/erase`: whom to erase (by the email their orders carry) and why. */
export const eraseCustomerSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(255).email('Enter a valid email'),
  reason: z.string().trim().min(1, 'A reason is required').max(500),
});
export type EraseCustomerRequest = z.infer<typeof eraseCustomerSchema>;

/** What an erasure removed: the customer's id, and their orders and emails by number and id only. */
export const erasureResultSchema = z.object({
  customerId: z.string(),
  orderNumbers: z.array(z.string()),
  notificationIds: z.array(z.string()),
  documents: z.number().int(),
  erasedAt: z.string(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

export const NO_SUCH_CUSTOMER = 'No customer with this email';

/** Everything held about one person (the right of access), as `GET /api/admin/customers/export?email=` gives it. */
export const customerDataSchema = z.object({
  email: z.string(),
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()).nullable(),
  sessions: z.array(z.record(z.string(), z.unknown())),
  customer: z.record(z.string(), z.unknown()).nullable(),
  orders: z.array(z.record(z.string(), z.unknown())),
  emails: z.array(z.record(z.string(), z.unknown())),
  specSheets: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      fileName: z.string(),
      contentType: z.string(),
      base64: z.string(),
    }),
  ),
});
export type CustomerData = z.infer<typeof customerDataSchema>;

/** `?email=` of the customers export: one person's data instead of the directory. */
export const customerExportQuerySchema = z.object({
  email: z.string().trim().max(255).email('Enter a valid email').optional(),
});
