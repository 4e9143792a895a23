import { PushOptIn, type Words } from './push-opt-in.tsx';

// In a chunk of its own: the customer pages' push panel does not carry the staff's words.
const staffWords: Words = {
  heading: 'Alerts on this device',
  turnOn: 'Tell this device when items need attention',
  on: 'On: this device shows a notification when an item enters Needs attention.',
  off: 'Off: this device is not told when items need attention.',
  blocked: "Notifications are blocked for this app in your browser's settings. Allow them there to be told here.",
  homeScreen: 'To be told on this iPhone or iPad when items need attention, add the app to your Home Screen:',
};

/** The "Needs attention" view's part, for staff: whether this device is told when items enter it. */
export function StaffPushOptIn() {
  return <PushOptIn words={staffWords} />;
}
