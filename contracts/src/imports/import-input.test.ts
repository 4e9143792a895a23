import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkCustomersCsv,
  checkOrdersJson,
  INVALID_JSON,
  inputForFile,
  NO_VALID_DATA,
  NOT_AN_ARRAY,
} from './import-input.ts';

test('orders JSON must parse, be an array, and not be empty', () => {
  assert.equal(checkOrdersJson('{"a":'), { ok: false, message: INVALID_JSON });
  assert.equal(checkOrdersJson('{"orders":[]}'), { ok: false, message: NOT_AN_ARRAY });
  assert.equal(checkOrdersJson('[]'), { ok: false, message: NO_VALID_DATA });
  assert.equal(checkOrdersJson('[{"customerName":"x"}]'), { ok: true, value: [{ customerName: 'x' }] });
});

test('a customers CSV needs a header row and at least one data row', () => {
  assert.is(checkCustomersCsv('First Name,Last Name,Email').ok, false);
  assert.is(checkCustomersCsv('\uFEFFFirst Name,Last Name,Email\r\n,,\r\n').ok, false);
  assert.is(checkCustomersCsv('First Name;Last Name;Email\r\nA;B;c@example.com').ok, true);
});

test('.csv files fill the customers input, every other file the orders input', () => {
  assert.is(inputForFile('Customers.CSV'), 'customers');
  assert.is(inputForFile('orders.json'), 'orders');
  assert.is(inputForFile('export.txt'), 'orders');
});

test.run();
