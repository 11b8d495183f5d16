/**
 * The toast list (SPEC 2, 4 and 9): at most one toast visible, auto-dismissed
 * after 5000 ms unless a toast asks otherwise, and a dismissed toast kept (closed)
 * until it is removed 1,000,000 ms later.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export type ToastAction = { label: string; to: string } | { label: string; onClick: () => void };

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it dismisses itself; Infinity keeps it until dismissed. */
  duration?: number;
  action?: ToastAction;
}

export interface Toast extends ToastOptions {
  id: string;
  open: boolean;
}

export type ToastEvent =
  | { type: 'added'; toast: Toast }
  | { type: 'dismissed'; id?: string }
  | { type: 'removed'; id?: string };

const matches = (id: string | undefined, toast: Toast) => id === undefined || toast.id === id;

export function toastReducer(state: readonly Toast[], event: ToastEvent): Toast[] {
  switch (event.type) {
    case 'added':
      return [event.toast, ...state].slice(0, TOAST_LIMIT);
    case 'dismissed':
      return state.map((toast) => (matches(event.id, toast) && toast.open ? { ...toast, open: false } : toast));
    case 'removed':
      return state.filter((toast) => !matches(event.id, toast));
    default: {
      const _exhaustive: never = event;
      return [...state];
    }
  }
}
