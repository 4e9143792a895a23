import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  CSV_NEEDS_DATA,
  customerRowsFromRecords,
  MISSING_CUSTOMER_FIELDS,
  mapCustomerColumns,
  toImportCustomer,
} from './customer-rows.ts';

test('columns are recognised by headers containing first+name, last+name, email or phone', () => {
  assert.equal(mapCustomerColumns(['Phone Number', 'E-mail Address', 'Last Name', 'first_name', 'Notes']), {
    phone: 0,
    email: 1,
    lastName: 2,
    firstName: 3,
  });
});

test('the first column matching a field wins', () => {
  assert.equal(mapCustomerColumns(['Email', 'Email 2']).email, 0);
});

test('the customer name is first name, a space, and last name', () => {
  const outcome = toImportCustomer({ firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@example.com', phone: '' });
  assert.equal(outcome, {
    kind: 'customer',
    customer: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: null,
      customerName: 'Ada Lovelace',
    },
  });
});

test('a row without first name, last name or email is skipped', () => {
  for (const row of [
    { firstName: '', lastName: 'L', email: 'a@example.com' },
    { firstName: 'A', lastName: '', email: 'a@example.com' },
    { firstName: 'A', lastName: 'L', email: '' },
    {},
  ]) {
    assert.equal(toImportCustomer(row), { kind: 'skip', reason: MISSING_CUSTOMER_FIELDS });
  }
});

test('a row with an invalid email is rejected with the field', () => {
  assert.equal(toImportCustomer({ firstName: 'A', lastName: 'L', email: 'not-an-email' }), {
    kind: 'reject',
    field: 'email',
    message: 'Invalid email address',
  });
});

test('a row that is not an object is rejected', () => {
  assert.is(toImportCustomer('Ada,Lovelace').kind, 'reject');
  assert.is(toImportCustomer(null).kind, 'reject');
});

test('a cell that looks like a formula is kept as text, unchanged', () => {
  const outcome = toImportCustomer({
    firstName: '=HYPERLINK("x")',
    lastName: '@SUM(1)',
    email: 'f@example.com',
    phone: '+44 1',
  });
  assert.is(outcome.kind, 'customer');
  if (outcome.kind === 'customer') {
    assert.is(outcome.customer.customerName, '=HYPERLINK("x") @SUM(1)');
    assert.is(outcome.customer.phone, '+44 1');
  }
});

test('a phone given as a number is kept as text', () => {
  const outcome = toImportCustomer({ firstName: 'A', lastName: 'L', email: 'a@example.com', phone: 7700900123 });
  assert.ok(outcome.kind === 'customer' && outcome.customer.phone === '7700900123');
});

test('a CSV needs a header row and at least one data row', () => {
  assert.equal(customerRowsFromRecords([]), { ok: false, message: CSV_NEEDS_DATA });
  assert.equal(customerRowsFromRecords([['First Name', 'Last Name', 'Email']]), { ok: false, message: CSV_NEEDS_DATA });
  assert.equal(customerRowsFromRecords([['First Name', 'Last Name', 'Email'], [], ['', '', '']]), {
    ok: false,
    message: CSV_NEEDS_DATA,
  });
});

test('a CSV without a name or email column says which columns are missing', () => {
  const result = customerRowsFromRecords([
    ['First Name', 'Phone'],
    ['Ada', '1'],
  ]);
  assert.is(result.ok, false);
  if (!result.ok) assert.match(result.message, /missing: last name, email/);
});

test('CSV rows are numbered as a spreadsheet shows them, blank lines left out', () => {
  const result = customerRowsFromRecords([
    ['Email', 'First Name', 'Last Name'],
    ['a@example.com', 'Ada', 'Lovelace'],
    [],
    ['b@example.com', 'Bob'],
  ]);
  assert.ok(result.ok);
  if (result.ok) {
    assert.equal(
      result.rows.map((row) => row.row),
      [2, 4],
    );
    assert.equal(result.rows[1]?.data, { firstName: 'Bob', lastName: '', email: 'b@example.com', phone: '' });
  }
});

test.run();
