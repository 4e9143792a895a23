import type { AttentionFlag } from '@ot/contracts/insights/attention.ts';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

/** Each flag in the studio's words and colour. */
export const flagLabels: Record<AttentionFlag, { label: string; tone: BadgeTone }> = {
  overdue: { label: 'Overdue', tone: 'red' },
  trending_late: { label: 'Trending late', tone: 'amber' },
  stuck: { label: 'Stuck', tone: 'neutral' },
  missing_eta: { label: 'Missing ETA', tone: 'blue' },
};
