import { formatOrderNumber } from '@ot/contracts/orders/order-rules.ts';
import type pg from 'pg';
import type { OrderNumbers } from './order-numbers.ts';

/** Order numbers from a Postgres sequence, with each command's allocation remembered for its retries. */
export function createPostgresOrderNumbers(pool: pg.Pool, prefix: string): OrderNumbers {
  const format = (n: string | number) => formatOrderNumber(prefix, Number(n));
  return {
    async allocate(commandKey) {
      // Two tries: a concurrent first allocation under the same key is seen on the second.
      for (let attempt = 1; attempt <= 2; attempt++) {
        const { rows } = await pool.query<{ order_number: string }>(
          `with known as (
             select order_number from commands.order_number_allocations where command_key = $1
           ), allocated as (
             insert into commands.order_number_allocations (command_key, order_number)
             select $1, nextval('commands.order_number_seq') where not exists (select 1 from known)
             on conflict (command_key) do nothing
             returning order_number
           )
           select order_number from known union all select order_number from allocated`,
          [commandKey],
        );
        if (rows[0]) return format(rows[0].order_number);
      }
      throw new Error(`No order number could be allocated for command ${commandKey}`);
    },

    async allocateMany(count) {
      if (count === 0) return [];
      const { rows } = await pool.query<{ n: string }>(
        `select nextval('commands.order_number_seq') as n from generate_series(1, $1)`,
        [count],
      );
      return rows
        .map((row) => Number(row.n))
        .sort((a, b) => a - b)
        .map(format);
    },

    async reservePast(numbers, maxJump) {
      if (numbers.length === 0) return;
      await pool.query(
        `with used as (
           select case when is_called then last_value else last_value - 1 end as n from commands.order_number_seq
         ), wanted as (
           select max(candidate) as n from unnest($1::bigint[]) as candidate, used
            where candidate > used.n and candidate <= used.n + $2
         )
         select setval('commands.order_number_seq', wanted.n) from wanted where wanted.n is not null`,
        [numbers, maxJump],
      );
    },

    async peekNext() {
      const { rows } = await pool.query<{ next: string }>(
        `select case when is_called then last_value + 1 else last_value end as next from commands.order_number_seq`,
      );
      return format(rows[0]?.next ?? 1);
    },
  };
}
