import { statusFilterOptions } from '../lib/order-filters.ts';
import { SearchInput } from './ui/input.tsx';
import { SelectField } from './ui/select.tsx';

/** The search box and status filter both order lists share. The caller debounces the search. */
export function OrderFilterBar({
  idPrefix,
  search,
  onSearchChange,
  status,
  onStatusChange,
  placeholder = 'Search by order number or product',
}: {
  idPrefix: string;
  search: string;
  onSearchChange: (value: string) => void;
  status: string;
  onStatusChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="flex-1">
        <label htmlFor={`${idPrefix}-search`} className="sr-only">
          Search orders
        </label>
        <SearchInput
          id={`${idPrefix}-search`}
          value={search}
          placeholder={placeholder}
          onValueChange={onSearchChange}
        />
      </div>
      <div className="sm:w-72">
        <label htmlFor={`${idPrefix}-status`} className="sr-only">
          Filter by status
        </label>
        <SelectField
          id={`${idPrefix}-status`}
          value={status}
          onValueChange={onStatusChange}
          options={statusFilterOptions}
        />
      </div>
    </div>
  );
}
