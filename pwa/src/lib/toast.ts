import { proxy } from 'valtio';

/** One toast at a time; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  open: boolean;
}

export const toastState = proxy<{ toasts: ToastMessage[] }>({ toasts: [] });

let counter = 0;
const removals = new Map<string, ReturnType<typeof setTimeout>>();

export function toast(message: { title: string; description?: string; variant?: 'default' | 'destructive' }): void {
  counter += 1;
  const next: ToastMessage = { id: String(counter), variant: 'default', ...message, open: true };
  toastState.toasts = [next, ...toastState.toasts].slice(0, TOAST_LIMIT);
}

export function dismissToast(id: string): void {
  const found = toastState.toasts.find((t) => t.id === id);
  if (found) found.open = false;
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      toastState.toasts = toastState.toasts.filter((t) => t.id !== id);
    }, TOAST_REMOVE_DELAY),
  );
}
