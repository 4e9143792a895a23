import { Conflict } from '../errors/domain-errors.ts';
import type { AttentionItem } from './insights-views.ts';
import { formatDay } from './studio-dates.ts';

/** What an email says, before it is dressed as HTML: a subject and its paragraphs. */
export interface EmailWords {
  subject: string;
  paragraphs: string[];
}

export interface DelayNotice {
  customerName: string;
  orderNumber: string;
  itemName: string;
  readyBy: string;
  likelyBy: string | null;
  studioName: string;
}

/** The "taking longer than usual" email: the customer hears it from the studio before they have to ask. */
export function delayNoticeWords(notice: DelayNotice): EmailWords {
  const likely =
    notice.likelyBy && notice.likelyBy !== notice.readyBy ? `, and very likely by ${formatDay(notice.likelyBy)}` : '';
  return {
    subject: `Taking longer than usual: your ${notice.itemName} (order ${notice.orderNumber})`,
    paragraphs: [
      `Hello ${notice.customerName},`,
      `Your ${notice.itemName} (order ${notice.orderNumber}) is taking longer than usual with the manufacturer.`,
      `We now expect it to be ready for collection by ${formatDay(notice.readyBy)}${likely}.`,
      `We are sorry for the wait and will let you know as soon as it is ready. ${notice.studioName}`,
    ],
  };
}

/** One line of the daily digest per flagged item. */
export const digestLine = (item: AttentionItem): string =>
  `${item.orderNumber} ${item.itemName}${item.manufacturer ? ` (${item.manufacturer})` : ''}: ${item.flag.replace('_', ' ')}. ${item.reason}`;

export function digestWords(day: string, lines: readonly string[], studioName: string): EmailWords {
  return {
    subject: `${studioName}: ${lines.length} item${lines.length === 1 ? '' : 's'} need${lines.length === 1 ? 's' : ''} attention (${formatDay(day)})`,
    paragraphs: lines.length === 0 ? ['Nothing needs attention today: every open item is on track.'] : [...lines],
  };
}

/** The flags that mean "later than the customer was told": what a delay notice is for. */
export const LATE_FLAGS: readonly AttentionItem['flag'][] = ['trending_late', 'overdue'];

export const notRunningLate = () =>
  new Conflict('This item is not running late: there is no new estimate to tell the customer', 'NOT_RUNNING_LATE');

/** The row of an item's attention flags that a delay notice tells from (running late, with an estimate). */
export function lateRow(flagged: readonly AttentionItem[]): AttentionItem & { predictedReadyDate: string } {
  const late = flagged.find((row) => LATE_FLAGS.includes(row.flag) && row.predictedReadyDate);
  if (!late?.predictedReadyDate) throw notRunningLate();
  return late as AttentionItem & { predictedReadyDate: string };
}
