import type { CustomerEvent } from '@ot/contracts/customers/customer-events.ts';
import type { ImportCustomer } from '@ot/contracts/imports/customer-rows.ts';
import { toImportCustomer } from '@ot/contracts/imports/customer-rows.ts';
import type { RejectedRow, SkippedRow } from '@ot/contracts/imports/import-report.ts';

export interface CustomerRow {
  row: number;
  customer: ImportCustomer;
}

export interface CustomerImportPlan {
  customers: CustomerRow[];
  skipped: SkippedRow[];
  rejected: RejectedRow[];
}

/** Each row by the customer import's rules (customer-rows.ts); the same email twice in one file is imported once (the first row). */
export function planCustomerImport(rows: readonly { row: number; data: unknown }[]): CustomerImportPlan {
  const plan: CustomerImportPlan = { customers: [], skipped: [], rejected: [] };
  const seen = new Map<string, number>();
  for (const { row, data } of rows) {
    const outcome = toImportCustomer(data);
    if (outcome.kind === 'skip') plan.skipped.push({ row, key: null, reason: outcome.reason });
    else if (outcome.kind === 'reject') plan.rejected.push({ row, field: outcome.field, message: outcome.message });
    else {
      const email = outcome.customer.email.toLowerCase();
      const first = seen.get(email);
      if (first !== undefined) {
        plan.skipped.push({ row, key: outcome.customer.email, reason: `Same email as row ${first}` });
      } else {
        seen.set(email, row);
        plan.customers.push({ row, customer: outcome.customer });
      }
    }
  }
  return plan;
}

/** The customer's first event, when their stream does not exist yet (the store enforces "not yet"). */
export const decideImportCustomer = (customer: ImportCustomer): CustomerEvent[] => [
  {
    type: 'CustomerImported',
    data: {
      email: customer.email,
      customerName: customer.customerName,
      firstName: customer.firstName,
      lastName: customer.lastName,
      phone: customer.phone,
    },
  },
];
