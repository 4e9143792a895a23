import { useAuth } from '../../features/auth/auth-context.tsx';
import { CustomersPage } from '../../features/customers/components/customers-page.tsx';

/** The Customers screen; only an admin may erase (an auditor sees and downloads). */
export function CustomersRoute() {
  return <CustomersPage canErase={useAuth().user?.role === 'admin'} />;
}
