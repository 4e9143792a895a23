import { useAuth } from '../../features/auth/auth-context.tsx';
import { CustomFitSpecification } from '../../features/documents/components/custom-fit-specification.tsx';
import { OrderDetailPage } from '../../features/orders/components/order-detail-page.tsx';

/** The app composes features: the order detail with the documents feature's spec section in its slot. */
export function OrderDetailRoute() {
  const { user } = useAuth();
  return (
    <OrderDetailPage
      forAdmin={user?.isAdmin === true}
      specDocument={(items) => <CustomFitSpecification items={items} />}
    />
  );
}
