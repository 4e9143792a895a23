import { Search } from 'lucide-react';
import { statusFilterOptions } from '../lib/order-filters.ts';
import { Input } from './ui/input.tsx';
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
      <div className="relative flex-1">
        <label htmlFor={`${idPrefix}-search`} className="sr-only">
          Search orders
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-500"
        />
        <Input
          id={`${idPrefix}-search`}
          type="search"
          value={search}
          placeholder={placeholder}
          onChange={(event) => onSearchChange(event.target.value)}
          className="pl-9"
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
