import { deliveryStatuses, emailEventLimits, emailLogPageSizes } from '@ot/contracts/email/email-fields.ts';
import { useSnapshot } from 'valtio';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Field, InputField } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { deliveryStatusLabel } from '../delivery-status.ts';
import { emailLogFilters, setFilter } from '../email-log-filters.ts';

const statusOptions = [
  { value: 'all', label: 'All statuses' },
  ...deliveryStatuses.map((status) => ({ value: status, label: deliveryStatusLabel[status] })),
];
/** The two free-text filters: an order number and a recipient, each searched for as typed. */
const textFilters = [
  {
    key: 'orderNumber',
    id: 'email-filter-order',
    label: 'Order Number',
    type: 'text',
    placeholder: 'EP-0001',
    maxLength: emailEventLimits.orderNumber,
  },
  {
    key: 'recipient',
    id: 'email-filter-recipient',
    label: 'Recipient Email',
    type: 'search',
    placeholder: 'customer@example.com',
    maxLength: emailEventLimits.recipientEmail,
  },
] as const;
const pageSizeOptions = emailLogPageSizes.map((size) => ({ value: String(size), label: String(size) }));

/** The 'Filter Events' card; any change goes back to page 1. */
export function EmailFilters() {
  const filters = useSnapshot(emailLogFilters);
  return (
    <Card>
      <CardHeader title="Filter Events" />
      <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {textFilters.map(({ key, id, label, type, placeholder, maxLength }) => (
          <InputField
            key={key}
            id={id}
            label={label}
            type={type}
            value={filters[key]}
            placeholder={placeholder}
            maxLength={maxLength}
            onChange={(event) => setFilter(key, event.target.value)}
          />
        ))}
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
