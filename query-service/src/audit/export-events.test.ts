import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { csvCell, csvLine } from './export-events.ts';

test('cells a spreadsheet would run as formulas become text', () => {
  for (const start of ['=', '+', '-', '@', '\t', '\r']) {
    const cell = csvCell(`${start}1+1`);
    assert.ok(cell.startsWith("'") || cell.startsWith(`"'`), JSON.stringify(cell));
  }
  assert.is(csvCell('=HYPERLINK("http://x")'), `"'=HYPERLINK(""http://x"")"`);
  assert.is(csvCell('\rx'), `"'\rx"`);
});

test('plain cells pass; commas, quotes and line breaks are quoted; numbers and null', () => {
  assert.is(csvCell('EP-0001'), 'EP-0001');
  assert.is(csvCell('a,b'), '"a,b"');
  assert.is(csvCell('say "hi"'), '"say ""hi"""');
  assert.is(csvCell('two\nlines'), '"two\nlines"');
  assert.is(csvCell(-5), '-5');
  assert.is(csvCell(null), '');
  assert.is(csvLine(['a', 1, null]), 'a,1,\r\n');
});

test.run();
