// The service worker's push side (imported by the generated worker, vite.config.ts). Every push shows a
// notification, inside waitUntil: iOS revokes a subscription whose pushes show nothing. The message is a
// declarative Web Push one ({"web_push": 8030, "notification": {title, body, navigate}}), which Safari
// 18.4+ can show without this worker. A subscription the browser rotates is renewed on the server.

/** Where a tap goes: the message's page on this app's own origin (a push never sends the app elsewhere). */
function pageOf(navigate) {
  try {
    const url = new URL(navigate, self.location.origin);
    return new URL(url.pathname + url.search, self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

function notificationOf(data) {
  let message = null;
  try {
    message = data ? data.json() : null;
  } catch {
    message = null;
  }
  const notification = message?.notification || {};
  const title = typeof notification.title === 'string' && notification.title ? notification.title : 'Order update';
  const body = typeof notification.body === 'string' ? notification.body : data ? data.text() : '';
  return {
    title,
    options: {
      body,
      lang: typeof notification.lang === 'string' ? notification.lang : undefined,
      icon: '/icons/icon-192.png',
      data: { page: pageOf(notification.navigate || '/') },
    },
  };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** A tap opens the order: in a window of the app already showing it, or one of its windows, or a new one. */
async function openPage(page) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = windows.find((client) => client.url === page);
  const open = showing ?? windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(page);
  const moved = showing ?? (await open.navigate(page).catch(() => null));
  if (!moved) return self.clients.openWindow(page);
  return moved.focus().catch(() => moved);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(event.notification.data?.page || pageOf('/')));
});

/** The studio's key as the browser takes it: the old subscription's, else asked of the server (base64url). */
async function serverKeyOf(old) {
  const kept = old?.options?.applicationServerKey;
  if (kept) return kept;
  const answer = await fetch('/api/push/vapid-public-key', { credentials: 'same-origin' });
  if (!answer.ok) throw new Error(`The push key could not be read: ${answer.status}`);
  const { publicKey } = await answer.json();
  return Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
}

const sendJson = (method, body) =>
  fetch('/api/push/subscriptions', {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * The browser rotated this device's subscription (it expired, or the push service renewed it): subscribe
 * again with the same key, tell the server the new one and forget the old, so pushes keep coming.
 */
async function renewSubscription(old, renewed) {
  const next =
    renewed ??
    (await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: await serverKeyOf(old),
    }));
  const saved = await sendJson('POST', next.toJSON());
  if (!saved.ok) throw new Error(`The new subscription was refused: ${saved.status}`);
  if (old?.endpoint && old.endpoint !== next.endpoint) await sendJson('DELETE', { endpoint: old.endpoint });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event.oldSubscription ?? null, event.newSubscription ?? null));
});
