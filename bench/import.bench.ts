/**
 * Imports over real HTTP (`npm run bench` runs this): 2,000 customers should take a second or two on
 * this 2-core box. One row per import: rows per second until answered and until projected; the
 * target is an answer of 200 (there is no peer to hold it against).
 */
import { orderPayload, type Stack, startStack } from '../tests/support/stack.ts';
import { type BenchRow, finish, report } from './support/table.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 2000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);

function customersCsv(count: number, tag: string): string {
  const lines = ['First Name,Last Name,Email,Phone'];
  for (let i = 0; i < count; i++) lines.push(`Bench${i},"Golfer, ${tag}",bench.${tag}.${i}@example.com,07700 ${i}`);
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const rows: BenchRow[] = [];

async function measure(stack: Stack, label: string, count: number, run: () => Promise<{ status: number }>) {
  const started = performance.now();
  const answer = await run();
  const answered = performance.now() - started;
  await stack.settle();
  const projected = performance.now() - started;
  const perSecond = (ms: number) => Math.round((count / ms) * 1000);
  rows.push({
    measure: `${label} (rows/s answered, projected)`,
    ours: `${perSecond(answered)}, ${perSecond(projected)}`,
    peer: '-',
    ratio: '-',
    target: 'answered 200',
    ok: answer.status === 200,
  });
}

const stack = await startStack();
try {
  const admin = stack.client();
  await admin.loginAdmin();
  await measure(stack, `import ${CUSTOMERS} customers from CSV`, CUSTOMERS, () =>
    admin.post('/api/admin/import-customers', customersCsv(CUSTOMERS, 'csv'), { 'content-type': 'text/csv' }),
  );
  await measure(stack, `the same ${CUSTOMERS} again (all skipped)`, CUSTOMERS, () =>
    admin.post('/api/admin/import-customers', customersCsv(CUSTOMERS, 'csv'), { 'content-type': 'text/csv' }),
  );
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
    firstName: `Json${i}`,
    lastName: 'Golfer',
    email: `bench.json.${i}@example.com`,
    phone: null,
  }));
  await measure(stack, `import ${CUSTOMERS} customers as JSON rows`, CUSTOMERS, () =>
    admin.post('/api/admin/import-customers', customers),
  );
  const orders = Array.from({ length: ORDERS }, () => orderPayload());
  await measure(stack, `import ${ORDERS} orders`, ORDERS, () => admin.post('/api/admin/import', orders));
} finally {
  await stack.stop();
}
report('imports through the gateway (real HTTP)', rows);
await finish();
