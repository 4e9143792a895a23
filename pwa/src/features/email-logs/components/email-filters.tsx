import { deliveryStatuses, emailEventLimits, emailLogPageSizes } from '@ot/contracts/email/email-fields.ts';
import { useSnapshot } from 'valtio';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { deliveryStatusLabel } from '../delivery-status.ts';
import { emailLogFilters, setFilter } from '../email-log-filters.ts';

const statusOptions = [
  { value: 'all', label: 'All statuses' },
  ...deliveryStatuses.map((status) => ({ value: status, label: deliveryStatusLabel[status] })),
];
const pageSizeOptions = emailLogPageSizes.map((size) => ({ value: String(size), label: String(size) }));

/** The 'Filter Events' card; any change goes back to page 1. */
export function EmailFilters() {
  const filters = useSnapshot(emailLogFilters);
  return (
    <Card>
      <CardHeader title="Filter Events" />
      <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field id="email-filter-order" label="Order Number">
          <Input
            id="email-filter-order"
            value={filters.orderNumber}
            placeholder="EP-0001"
            maxLength={emailEventLimits.orderNumber}
            onChange={(event) => setFilter('orderNumber', event.target.value)}
          />
        </Field>
        <Field id="email-filter-recipient" label="Recipient Email">
          <Input
            id="email-filter-recipient"
            type="search"
            value={filters.recipient}
            placeholder="customer@example.com"
            maxLength={emailEventLimits.recipientEmail}
            onChange={(event) => setFilter('recipient', event.target.value)}
          />
        </Field>
        <Field id="email-filter-status" label="Delivery Status">
          <SelectField
            id="email-filter-status"
            value={filters.deliveryStatus}
            options={statusOptions}
            onValueChange={(value) => setFilter('deliveryStatus', value as typeof filters.deliveryStatus)}
          />
        </Field>
        <Field id="email-filter-limit" label="Results per page">
          <SelectField
            id="email-filter-limit"
            value={String(filters.limit)}
            options={pageSizeOptions}
            onValueChange={(value) => setFilter('limit', Number(value))}
          />
        </Field>
      </CardBody>
    </Card>
  );
}
