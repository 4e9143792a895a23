import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/ui/button.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { CustomFitSpecification } from '../../features/documents/components/custom-fit-specification.tsx';
import { orderQuery } from '../../features/orders/api/order-queries.ts';
import { OrderDetailPage } from '../../features/orders/components/order-detail-page.tsx';
import { OrderPushOptIn } from './push-controls.tsx';

/**
 * The app composes features: the order detail with the documents feature's custom fit specification in its slot,
 * for staff (admins and auditors) a link to the order's History, and for its customer the push switch.
 */
export function OrderDetailRoute() {
  const { user } = useAuth();
  const { orderNumber = '' } = useParams();
  const staff = user?.role === 'admin' || user?.role === 'auditor';
  // The page's own query (the same cache entry, no second request): the switch only under an order shown.
  const order = useQuery(orderQuery(orderNumber));
  return (
    <>
      {staff && (
        <div className="mx-auto mb-2 flex max-w-4xl justify-end">
          <LinkButton to={`/admin/orders/${encodeURIComponent(orderNumber)}/history`} variant="outline" size="sm">
            <History aria-hidden="true" className="h-4 w-4" />
            History
          </LinkButton>
        </div>
      )}
      <OrderDetailPage forAdmin={staff} specDocument={(items) => <CustomFitSpecification items={items} />} />
      {user?.role === 'customer' && order.data && <OrderPushOptIn />}
    </>
  );
}
