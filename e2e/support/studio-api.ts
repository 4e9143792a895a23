import { randomUUID } from 'node:crypto';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { samplePlaceOrderPayload } from '@ot/contracts/testing/sample-order.ts';
import { type APIRequestContext, expect } from '@playwright/test';

export const uniqueEmail = (name = 'customer') => `${name}.${randomUUID().slice(0, 8)}@example.com`;

/** ISO day `days` from today (negative: in the past). */
export const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An add-order payload with two items; override what a test is about. */
export function orderPayload(overrides: Parameters<typeof samplePlaceOrderPayload>[0] = {}) {
  return samplePlaceOrderPayload({ customerEmail: uniqueEmail(), orderDate: isoDay(-3), ...overrides });
}

/** The studio's side of the API, as an admin: seeds orders for a test and waits until they can be read. */
export class StudioApi {
  private position = 0;
  constructor(readonly http: APIRequestContext) {}

  async signIn(username: string, password: string): Promise<void> {
    const answer = await this.http.post('/api/auth/admin/login', { data: { username, password } });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  private remember(headers: Record<string, string>) {
    const position = Number(headers['x-event-position'] ?? 0);
    if (position > this.position) this.position = position;
  }

  /**
   * Reads wait for this client's writes (x-min-position). The server waits a bounded time and says when
   * it answered before reaching them (`x-min-position-reached: false`): then the read is asked again.
   */
  async getOrder(orderNumber: string): Promise<OrderView> {
    const read = () =>
      this.http.get(`/api/orders/${encodeURIComponent(orderNumber)}`, {
        headers: { 'x-min-position': String(this.position) },
      });
    let answer = await read();
    for (let i = 0; i < 5 && answer.headers()['x-min-position-reached'] === 'false'; i++) answer = await read();
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as OrderView;
  }

  async addOrder(overrides: Parameters<typeof orderPayload>[0] = {}): Promise<OrderView> {
    const answer = await this.http.post('/api/admin/orders', { data: orderPayload(overrides) });
    expect(answer.status(), await answer.text()).toBe(201);
    this.remember(answer.headers());
    const created = (await answer.json()) as OrderView;
    return this.getOrder(created.orderNumber);
  }

  /** POST /api/admin/import: orders as a spreadsheet brings them (with their items' status histories). */
  async importOrders(rows: readonly unknown[]): Promise<void> {
    const answer = await this.http.post('/api/admin/import', { data: rows });
    expect(answer.status(), await answer.text()).toBe(200);
    this.remember(answer.headers());
  }

  /** Waits until every write so far is visible on the query side. */
  async settle(): Promise<void> {
    // One row of the paged list: the wait is the same, without streaming every order in the database.
    await this.http.get('/api/admin/orders?tab=active&limit=1', {
      headers: { 'x-min-position': String(this.position) },
    });
  }

  async patchOrder(orderNumber: string, body: Record<string, unknown>): Promise<OrderView> {
    const answer = await this.http.patch(`/api/admin/orders/${encodeURIComponent(orderNumber)}/status`, { data: body });
    expect(answer.ok(), await answer.text()).toBe(true);
    this.remember(answer.headers());
    return this.getOrder(orderNumber);
  }
}
