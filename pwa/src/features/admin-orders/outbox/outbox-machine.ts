/**
 * The life of one queued change. Pure: the outbox runtime asks it what comes next and
 * stores the answer before acting on it, so a reload at any point resumes from a known state.
 *
 *   waiting --send--> sending --sent--> (gone)
 *   sending --no-answer / signed-out--> waiting   (offline, a failing server, an expired session)
 *   sending --rejected--> failed --retry--> waiting
 *   sending --conflict--> conflict --resolved--> waiting
 *   any but sending --discard--> (gone); sending --interrupted--> waiting (the page closed mid-send)
 */
export type EntryState = 'waiting' | 'sending' | 'failed' | 'conflict';

export type OutboxEvent =
  | 'send'
  | 'sent'
  | 'no-answer'
  | 'signed-out'
  | 'rejected'
  | 'conflict'
  | 'resolved'
  | 'retry'
  | 'discard'
  | 'interrupted';

/** What an entry becomes; 'gone' leaves the outbox; null: the event does not apply in that state. */
export type Next = EntryState | 'gone' | null;

const table: Record<EntryState, Partial<Record<OutboxEvent, EntryState | 'gone'>>> = {
  waiting: { send: 'sending', discard: 'gone' },
  sending: {
    sent: 'gone',
    'no-answer': 'waiting',
    'signed-out': 'waiting',
    rejected: 'failed',
    conflict: 'conflict',
    interrupted: 'waiting',
  },
  failed: { retry: 'waiting', discard: 'gone' },
  conflict: { resolved: 'waiting', discard: 'gone' },
};

export function nextState(state: EntryState, event: OutboxEvent): Next {
  return table[state][event] ?? null;
}

/** Entries the drain picks up by itself; failed ones wait for the admin's Retry, conflicts for a decision. */
export const sendsByItself = (state: EntryState): boolean => state === 'waiting';
