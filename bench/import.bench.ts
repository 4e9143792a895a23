/**
 * Imports over real HTTP (`npm run bench` runs this): 5,000 customers should take a few seconds on
 * this 2-core box. Prints one line per measurement; fails only if something fails outright.
 */
import { orderPayload, type Stack, startStack } from '../tests/support/stack.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);

const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(2);

function customersCsv(count: number, tag: string): string {
  const lines = ['First Name,Last Name,Email,Phone'];
  for (let i = 0; i < count; i++) lines.push(`Bench${i},"Golfer, ${tag}",bench.${tag}.${i}@example.com,07700 ${i}`);
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function measure(stack: Stack, label: string, run: () => Promise<{ status: number; body: unknown }>) {
  const started = performance.now();
  const answer = await run();
  const answered = seconds(started);
  if (answer.status !== 200) throw new Error(`${label}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  await stack.settle();
  const message = (answer.body as { message?: string }).message;
  console.log(`${label}: answered in ${answered} s, projected in ${seconds(started)} s (${message})`);
}

const stack = await startStack();
try {
  const admin = stack.client();
  await admin.loginAdmin();
  await measure(stack, `import ${CUSTOMERS} customers from CSV`, () =>
    admin.post('/api/admin/import-customers', customersCsv(CUSTOMERS, 'csv'), { 'content-type': 'text/csv' }),
  );
  await measure(stack, `the same ${CUSTOMERS} customers again (all skipped)`, () =>
    admin.post('/api/admin/import-customers', customersCsv(CUSTOMERS, 'csv'), { 'content-type': 'text/csv' }),
  );
  const rows = Array.from({ length: CUSTOMERS }, (_, i) => ({
    firstName: `Json${i}`,
    lastName: 'Golfer',
    email: `bench.json.${i}@example.com`,
    phone: null,
  }));
  await measure(stack, `import ${CUSTOMERS} customers as JSON rows`, () =>
    admin.post('/api/admin/import-customers', rows),
  );
  const orders = Array.from({ length: ORDERS }, () => orderPayload());
  await measure(stack, `import ${ORDERS} orders`, () => admin.post('/api/admin/import', orders));
} finally {
  await stack.stop();
}
