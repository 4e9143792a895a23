import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing, Share } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { unsubscribeDevice } from '../../../lib/push-device.ts';
import { toast } from '../../../lib/toast.ts';
import { deviceQuery, pushKeys, subscribeDevice } from '../api/push-api.ts';
import { pushSupport } from '../push-support.ts';

/** The switch's words: a customer hears of their orders' updates (these), staff of what enters "Needs attention". */
export const customerWords = {
  heading: 'Updates on this phone',
  turnOn: 'Get updates on this phone',
  on: 'On: this phone shows a notification when your order changes.',
  off: 'Off: updates come by email.',
  blocked: "Notifications are blocked for this app in your browser's settings. Allow them there to get updates here.",
  homeScreen: 'To get updates on this iPhone or iPad, add the app to your Home Screen:',
};

export type Words = typeof customerWords;

/**
 * "Get updates on this phone" (or, for staff, "Tell this device when items need attention"): shown only
 * where the browser can push (on an iPhone or iPad outside the installed app, how to install it instead).
 * The browser's permission is asked only after the tap.
 */
export function PushOptIn({ words = customerWords }: { words?: Words }) {
  const support = pushSupport();
  if (support === 'unsupported') return null;
  return (
    <section aria-labelledby="push-opt-in" className="rounded-lg border border-gray-200 p-4 dark:border-gray-700">
      <h2 id="push-opt-in" className="font-semibold">
        {words.heading}
      </h2>
      {support === 'add-to-home-screen' ? <AddToHomeScreen words={words} /> : <PushSwitch words={words} />}
    </section>
  );
}

function AddToHomeScreen({ words }: { words: Words }) {
  return (
    <div className="mt-1 text-sm" data-testid="push-add-to-home-screen">
      <p>{words.homeScreen}</p>
      <ol className="mt-1 list-decimal pl-5">
        <li>
          Tap <Share aria-label="Share" className="inline h-4 w-4" /> Share in Safari, then “Add to Home Screen”.
        </li>
        <li>Open the app from your Home Screen and tap “{words.turnOn}”.</li>
      </ol>
    </div>
  );
}

function PushSwitch({ words }: { words: Words }) {
  const queryClient = useQueryClient();
  const device = useQuery(deviceQuery());
  const [busy, setBusy] = useState(false);
  const [permission, setPermission] = useState(() => Notification.permission);

  const change = async (turnOn: boolean) => {
    setBusy(true);
    try {
      if (turnOn) {
        const answer = await Notification.requestPermission();
        setPermission(answer);
        if (answer === 'granted') await subscribeDevice();
      } else await unsubscribeDevice();
    } catch (error) {
      const reason = isApiError(error) ? error.serverMessage : undefined;
      toast({ title: 'Could not turn on updates', description: reason ?? 'Please try again.', variant: 'destructive' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: pushKeys.device() });
      setBusy(false);
    }
  };

  if (permission === 'denied') {
    return (
      <p className="mt-1 flex items-center gap-2 text-sm" data-push-state="blocked">
        <BellOff aria-hidden="true" className="h-4 w-4" />
        {words.blocked}
      </p>
    );
  }
  // Until the browser has said whether this device is subscribed, no button that may change a moment later.
  if (!device.data) return null;
  const on = permission === 'granted' && device.data.subscribed;
  return (
    <div className="mt-1 flex flex-wrap items-center justify-between gap-2" data-push-state={on ? 'on' : 'off'}>
      <p className="text-sm">{on ? words.on : words.off}</p>
      {on ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => change(false)}>
          <BellOff aria-hidden="true" className="h-4 w-4" />
          Turn off
        </Button>
      ) : (
        <Button size="sm" disabled={busy} onClick={() => change(true)}>
          <BellRing aria-hidden="true" className="h-4 w-4" />
          {words.turnOn}
        </Button>
      )}
    </div>
  );
}
