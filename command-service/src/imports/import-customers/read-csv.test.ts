import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeCsv, readCsvRecords } from './read-csv.ts';

const read = (text: string) => readCsvRecords(text);

test('quoted fields keep their commas, quotes and newlines', async () => {
  assert.equal(await read('First Name,Notes\n"Smith, Jo","said ""hi""\nthen left"\n'), [
    ['First Name', 'Notes'],
    ['Smith, Jo', 'said "hi"\nthen left'],
  ]);
});

test('a UTF-8 BOM and CRLF line ends are handled', async () => {
  assert.equal(await read('\uFEFFFirst Name,Email\r\nZoë,z@example.com\r\n'), [
    ['First Name', 'Email'],
    ['Zoë', 'z@example.com'],
  ]);
});

test('semicolon-separated exports are read, commas inside values left alone', async () => {
  assert.equal(await read('First Name;Last Name;Email\r\nJo;Smith, Jr;jo@example.com\r\n'), [
    ['First Name', 'Last Name', 'Email'],
    ['Jo', 'Smith, Jr', 'jo@example.com'],
  ]);
});

test("Excel's sep= hint and tab-separated files are read", async () => {
  assert.equal(await read('sep=;\nA;B\n1;2\n'), [
    ['A', 'B'],
    ['1', '2'],
  ]);
  assert.equal(await read('A\tB\n1\t2\n'), [
    ['A', 'B'],
    ['1', '2'],
  ]);
});

test('an unterminated quote is a clear 400', async () => {
  try {
    await read('A,B\n1,"2\n');
    assert.unreachable();
  } catch (error) {
    assert.is((error as { status: number }).status, 400);
    assert.match((error as Error).message, /Could not read the CSV/);
  }
});

test('bytes are decoded as UTF-8, UTF-16 with a BOM, or Windows-1252', () => {
  assert.is(decodeCsv(Buffer.from('\uFEFFZoë', 'utf8')), 'Zoë');
  assert.is(decodeCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Zoë', 'utf16le')])), 'Zoë');
  assert.is(decodeCsv(Buffer.from([0x5a, 0x6f, 0xeb])), 'Zoë');
});

test('NUL characters are dropped, so UTF-16 without its BOM still reads', () => {
  assert.is(decodeCsv(Buffer.from('A\u0000B', 'utf8')), 'AB');
  assert.is(decodeCsv(Buffer.from('Email,Name', 'utf16le')), 'Email,Name');
});

test.run();
