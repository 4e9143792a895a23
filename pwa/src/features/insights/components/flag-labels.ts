import { type AttentionFlag, attentionFlagLabels } from '@ot/contracts/insights/attention.ts';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

/** Each flag in the studio's words and colour. */
export const flagLabels: Record<AttentionFlag, { label: string; tone: BadgeTone }> = {
  overdue: { label: attentionFlagLabels.overdue, tone: 'red' },
  trending_late: { label: attentionFlagLabels.trending_late, tone: 'amber' },
  stuck: { label: attentionFlagLabels.stuck, tone: 'neutral' },
  missing_eta: { label: attentionFlagLabels.missing_eta, tone: 'blue' },
};
