import type { Customer } from '@ot/contracts/orders/order-views.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchInput } from '../../../../components/ui/input.tsx';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { CUSTOMER_SEARCH_LIMIT, CUSTOMER_SEARCH_MIN, customerSearchQuery } from '../../api/admin-order-queries.ts';

/** Find an existing customer by name or email (more than 1 character, at most 5 matches). */
export function CustomerSearch({ onPick, disabled }: { onPick: (customer: Customer) => void; disabled?: boolean }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const results = useQuery(customerSearchQuery(term));
  // Only matches for what is typed now: never offer the previous search's customers while typing.
  const current = term === search.trim() && term.length >= CUSTOMER_SEARCH_MIN;
  const matches = current ? (results.data ?? []).slice(0, CUSTOMER_SEARCH_LIMIT) : [];

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="customer-search" className="text-sm font-medium">
        Search Existing Customers
      </label>
      <SearchInput
        id="customer-search"
        autoComplete="off"
        placeholder="Search by name or email..."
        value={search}
        disabled={disabled}
        onValueChange={setSearch}
      />
      {matches.length > 0 && (
        <ul aria-label="Matching customers" className="rounded-md border border-gray-200 dark:border-gray-700">
          {matches.map((customer) => (
            <li key={customer.customerEmail} className="border-b border-gray-200 last:border-0 dark:border-gray-700">
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-emerald-50 dark:hover:bg-emerald-950"
                onClick={() => {
                  onPick(customer);
                  setSearch('');
                }}
              >
                <span className="block font-medium">{customer.customerName}</span>
                <span className="block text-xs text-gray-700 dark:text-gray-300">{customer.customerEmail}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {current && results.isSuccess && matches.length === 0 && (
        <p className="text-sm text-gray-700 dark:text-gray-300">No matching customers.</p>
      )}
    </div>
  );
}
