import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decideImportCustomer, planCustomerImport } from './import-customers.ts';

const row = (n: number, data: unknown) => ({ row: n, data });

test('given rows of every kind, each is imported, skipped or rejected on its own', () => {
  const plan = planCustomerImport([
    row(2, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 1' }),
    row(3, { firstName: 'No', lastName: 'Email', email: '' }),
    row(4, { firstName: 'Bad', lastName: 'Email', email: 'nope' }),
    row(5, { firstName: 'Ada', lastName: 'Again', email: 'ADA@example.com' }),
    row(6, { firstName: 'Bob', lastName: 'Jones', email: 'bob@example.com' }),
  ]);
  assert.equal(
    plan.customers.map((c) => [c.row, c.customer.customerName]),
    [
      [2, 'Ada Lovelace'],
      [6, 'Bob Jones'],
    ],
  );
  assert.equal(plan.skipped, [
    { row: 3, key: null, reason: 'Missing first name, last name or email' },
    { row: 5, key: 'ADA@example.com', reason: 'Same email as row 2' },
  ]);
  assert.equal(plan.rejected, [{ row: 4, field: 'email', message: 'Invalid email address' }]);
});

test('an imported customer is one CustomerImported event carrying the row as text', () => {
  const [customer] = planCustomerImport([
    row(1, { firstName: '=cmd', lastName: 'X', email: 'x@example.com', phone: '' }),
  ]).customers;
  assert.equal(decideImportCustomer(customer!.customer), [
    {
      type: 'CustomerImported',
      data: { email: 'x@example.com', customerName: '=cmd X', firstName: '=cmd', lastName: 'X', phone: null },
    },
  ]);
});

test.run();
