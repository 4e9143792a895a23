import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeCsv } from './write-csv.ts';

test('a CSV we write neutralises formula cells and quotes what needs quoting', async () => {
  const csv = await writeCsv(
    ['name', 'phone'],
    [
      ['=HYPERLINK("http://x")', '+44 7700 900123'],
      ['Smith, "Jo"', null],
      ['@cmd', 12],
    ],
  );
  assert.is(csv, `name,phone\n"'=HYPERLINK(""http://x"")",'+44 7700 900123\n"Smith, ""Jo""",\n'@cmd,12`);
});

test.run();
