// The site's service worker for Web Push (spec §4, issue 6): shows the notifications the
// notifications service sends — payload { id, title, body, url, icon } — and opens the
// product (or the given page) on click, focusing a tab that already shows it. The push helper
// of the storefront registers it with navigator.serviceWorker.register('/sw.js').

const SITE_NAME = 'pricecompare';

function payloadOf(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = payloadOf(event);
  event.waitUntil(
    self.registration.showNotification(message.title || SITE_NAME, {
      body: message.body || '',
      icon: message.icon || undefined,
      // One notification per message id: a redelivered push replaces instead of stacking.
      tag: message.id || undefined,
      data: { url: message.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only pages of this site: a payload cannot send the user elsewhere.
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url && 'focus' in client);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
