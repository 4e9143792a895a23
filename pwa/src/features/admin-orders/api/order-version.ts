/** The order's version after a write, from its ETag (`"7"`), for the next write's If-Match. */
export const versionOf = (headers: Headers, fallback: number): number => {
  const match = /(\d+)/.exec(headers.get('etag') ?? '');
  return match ? Number(match[1]) : fallback;
};

export const orderPath = (orderNumber: string) => `/api/admin/orders/${encodeURIComponent(orderNumber)}`;
