import type { DeliveryStatus } from '@ot/contracts/email/email-fields.ts';
import type { BadgeTone } from '../../components/ui/badge.tsx';

export const deliveryStatusLabel: Record<DeliveryStatus, string> = {
  sent: 'Sent',
  failed: 'Failed',
  pending: 'Pending',
};

export const deliveryStatusTone: Record<DeliveryStatus, BadgeTone> = {
  sent: 'green',
  failed: 'red',
  pending: 'amber',
};
