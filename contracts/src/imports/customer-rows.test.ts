import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  CSV_NEEDS_DATA,
  customerRowsFromRecords,
  MISSING_CUSTOMER_FIELDS,
  mapCustomerColumns,
  splitFullName,
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

test('headers spreadsheets and contact exports write are recognised', () => {
  assert.equal(mapCustomerColumns(['FirstName', 'LastName', 'E-mail', 'Mobile']), {
    firstName: 0,
    lastName: 1,
    email: 2,
    phone: 3,
  });
  assert.equal(mapCustomerColumns(['Given Name', 'Family Name', 'E-mail 1 - Value', 'Phone 1 - Value']), {
    firstName: 0,
    lastName: 1,
    email: 2,
    phone: 3,
  });
  assert.equal(mapCustomerColumns(['Forename', 'Surname', 'Email Address', 'Tel']), {
    firstName: 0,
    lastName: 1,
    email: 2,
    phone: 3,
  });
});

test('a column named outright wins over an earlier one that only contains the word', () => {
  assert.equal(mapCustomerColumns(['Email Marketing Opt-in', 'Email', 'Default Address Phone', 'Phone']), {
    email: 1,
    phone: 3,
  });
  assert.is(mapCustomerColumns(['Mobile', 'Phone Number']).phone, 1, 'a phone column beats a mobile one');
});

test('a whole-name column is split into first and last name when there are no such columns', () => {
  assert.equal(splitFullName('Jane Golfer'), { firstName: 'Jane', lastName: 'Golfer' });
  assert.equal(splitFullName(" Mary Ann  O'Brien "), { firstName: 'Mary Ann', lastName: "O'Brien" });
  assert.equal(splitFullName('Golfer, Jane'), { firstName: 'Jane', lastName: 'Golfer' });
  assert.equal(splitFullName('Cher'), { firstName: 'Cher', lastName: '' });
  const result = customerRowsFromRecords([
    ['Name', 'Email'],
    ['Jane Golfer', 'jane@example.com'],
  ]);
  assert.ok(result.ok);
  if (result.ok) {
    assert.equal(result.rows[0]?.data, {
      firstName: 'Jane',
      lastName: 'Golfer',
      email: 'jane@example.com',
      phone: '',
    });
  }
});

test('JSON rows are read by their keys like CSV headers', () => {
  for (const row of [
    { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '1' },
    { 'First Name': 'Ada', 'Last Name': 'Lovelace', 'Email Address': 'ada@example.com', 'Phone Number': '1' },
    { customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', customerPhone: '1' },
    { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '1', customerName: 'Ada Lovelace' },
  ]) {
    const outcome = toImportCustomer(row);
    assert.equal(
      outcome.kind === 'customer' && [outcome.customer.customerName, outcome.customer.email, outcome.customer.phone],
      ['Ada Lovelace', 'ada@example.com', '1'],
      JSON.stringify(row),
    );
  }
});

test('an address written with its name or as a mailto link is read as the address', () => {
  for (const email of ['Ada Lovelace <ada@example.com>', 'mailto:ada@example.com', '<ada@example.com>']) {
    const outcome = toImportCustomer({ firstName: 'Ada', lastName: 'Lovelace', email });
    assert.is(outcome.kind === 'customer' && outcome.customer.email, 'ada@example.com', email);
  }
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
