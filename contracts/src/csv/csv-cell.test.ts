import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { neutraliseCsvCell } from './csv-cell.ts';

test('cells starting with =, +, -, @, tab or carriage return are neutralised with a quote', () => {
  for (const cell of ['=1+1', '+44 1', '-2', '@SUM(A1)', '\t=cmd', '\r=cmd']) {
    assert.is(neutraliseCsvCell(cell), `'${cell}`);
  }
});

test('ordinary cells are written as they are', () => {
  for (const cell of ['Ada', 'a=b', '', ' =x', '1-2']) assert.is(neutraliseCsvCell(cell), cell);
});

test.run();
