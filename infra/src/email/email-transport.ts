/** One email as it goes out. */
export interface EmailMessage {
  notificationId: string;
  to: string;
  from: { email: string; name: string };
  subject: string;
  html: string;
  text: string;
}

/** Why an attempt did not go through, as the notifier's retry policy needs to know it. */
export type SendFailure =
  | { kind: 'http'; status: number; message: string; headers: Record<string, string> }
  | { kind: 'network'; message: string }
  | { kind: 'timeout'; message: string }
  /** Refused before it left (the client found the message itself invalid): sending again cannot help. */
  | { kind: 'invalid'; message: string };

export type SendResult = { ok: true; providerMessageId: string | null } | { ok: false; failure: SendFailure };

/** The port the notifier sends through: SendGrid, or the dev mailbox. `send` never throws for a failed send. */
export interface EmailTransport {
  /** Said in the notifier's start log. */
  readonly description: string;
  send(message: EmailMessage): Promise<SendResult>;
}
