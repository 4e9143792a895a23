import { deliveryStatuses } from '@ot/contracts/email/email-fields.ts';
import type { EmailStats } from '@ot/contracts/email/email-views.ts';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { deliveryStatusLabel } from '../delivery-status.ts';

/** Percent of the total, to one decimal. */
export const percentOf = (count: number, total: number): string =>
  `${(total > 0 ? (count / total) * 100 : 0).toFixed(1)}%`;

function StatCard({ title, value, detail }: { title: string; value: number; detail: string }) {
  return (
    <Card>
      <CardBody>
        <h2 className="text-sm font-medium text-gray-700 dark:text-gray-300">{title}</h2>
        <p className="mt-1 text-2xl font-bold">{value}</p>
        <p className="text-xs text-gray-600 dark:text-gray-400">{detail}</p>
      </CardBody>
    </Card>
  );
}

/** Total Events of the period, then one card per delivery status with its count and share. */
export function EmailStatsCards({ stats }: { stats: EmailStats }) {
  const count = (status: string) => stats.summary.find((row) => row.delivery_status === status)?.total_count ?? 0;
  return (
    <section aria-label="Email statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard title="Total Events" value={stats.totalEvents} detail={`Last ${stats.period}`} />
      {deliveryStatuses.map((status) => (
        <StatCard
          key={status}
          title={deliveryStatusLabel[status]}
          value={count(status)}
          detail={`${percentOf(count(status), stats.totalEvents)} of total`}
        />
      ))}
    </section>
  );
}
