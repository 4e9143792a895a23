import { Toast } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { cn } from '../../lib/cn.ts';
import { dismissToast, TOAST_DURATION, toastState } from '../../lib/toast.ts';
import { CornerClose } from './corner-close.tsx';

/**
 * Radix copies each toast's text into a second, visually hidden live region for a second; that copy
 * goes into this fragment, which is never attached, so a message is in the page exactly once. The
 * viewport's list is the live region instead (it exists before any toast, so additions are read out).
 */
const unattachedAnnouncer = typeof document === 'undefined' ? undefined : document.createDocumentFragment();

/** A toast stays 5000 ms on screen, a swipe right past 50 px dismisses it, and F8 focuses the viewport. */
export function Toaster() {
  const { toasts } = useSnapshot(toastState);
  return (
    <Toast.Provider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={50}
      announcerContainer={unattachedAnnouncer}
    >
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:hidden',
            t.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="text-sm opacity-95">{t.description}</Toast.Description>}
          </div>
          <Toast.Close asChild>
            <CornerClose className="top-2 right-2" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        aria-live="polite"
        aria-relevant="additions text"
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
