import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { DATE_TIME, formatDate } from '../../../lib/format.ts';
import { orderTimelineQuery } from '../api/order-queries.ts';

/**
 * The order's history: the event stream, rendered (customers only get customer-safe rows). Folded
 * until asked for, so its entries never crowd the item statuses above.
 */
export function OrderTimeline({ orderNumber }: { orderNumber: string }) {
  const timeline = useQuery(orderTimelineQuery(orderNumber));
  const [open, setOpen] = useState(false);
  if (!timeline.data || timeline.data.length === 0) return null;
  return (
    <Card>
      <CardHeader
        title="Order History"
        action={
          <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide history' : 'Show history'}
            <ChevronDown aria-hidden="true" className={open ? 'h-4 w-4 rotate-180' : 'h-4 w-4'} />
          </Button>
        }
      />
      {open && (
        <CardBody>
          <ol className="flex flex-col gap-4 border-l-2 border-emerald-600 pl-4">
            {[...timeline.data].reverse().map((entry) => (
              <li key={entry.id} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[23px] h-3 w-3 rounded-full border-2 border-white bg-emerald-600 dark:border-gray-900"
                />
                <p className="text-sm font-semibold">{entry.title}</p>
                {entry.description && <p className="text-sm text-gray-700 dark:text-gray-300">{entry.description}</p>}
                <p className="text-xs text-gray-600 dark:text-gray-400">
                  <time dateTime={entry.timestamp}>{formatDate(entry.timestamp, DATE_TIME)}</time>
                </p>
              </li>
            ))}
          </ol>
        </CardBody>
      )}
    </Card>
  );
}
