/** Where this browser stands with push: able to, an iPhone/iPad that must add the app to its Home Screen first, or not at all. */
export type PushSupport = 'supported' | 'add-to-home-screen' | 'unsupported';

/** iPadOS says it is a Mac; a Mac has no touch screen. */
const isIos = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

const isInstalled = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** iOS and iPadOS 16.4+ push only to a web app opened from the Home Screen, never to a Safari tab. */
export function pushSupport(): PushSupport {
  if (isIos() && !isInstalled()) return 'add-to-home-screen';
  const able = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return able ? 'supported' : 'unsupported';
}
