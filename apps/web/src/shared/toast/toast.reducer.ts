/**
 * The toast list (SPEC 2, 4 and 9): at most one toast visible, auto-dismissed
 * after 5000 ms unless a toast asks otherwise, and a dismissed toast kept (closed)
 * until it is removed 1,000,000 ms later. A newer toast replaces the one shown,
 * but a hint never replaces what the user's own action said: it waits its turn.
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
  /**
   * A tip rather than the outcome of what the user just did ('Not showing Pro
   * yet?'): it waits behind an open toast that is not a hint, and shows when
   * that one is dismissed.
   */
  hint?: boolean;
}

export interface Toast extends ToastOptions {
  id: string;
  open: boolean;
  /** A hint behind an open toast: not shown until that one is dismissed. */
  waiting?: boolean;
}

/** Whether a toast is on screen now (the one, at most, that is open and not waiting). */
export const isShown = (toast: Toast): boolean => toast.open && !toast.waiting;

export type ToastEvent =
  | { type: 'added'; toast: Toast }
  | { type: 'dismissed'; id?: string }
  | { type: 'removed'; id?: string };

const matches = (id: string | undefined, toast: Toast) => id === undefined || toast.id === id;

export function toastReducer(state: readonly Toast[], event: ToastEvent): Toast[] {
  switch (event.type) {
    case 'added': {
      const shown = state.find(isShown);
      // One hint waits at most: a newer one replaces it.
      if (event.toast.hint && shown && !shown.hint) return [shown, { ...event.toast, waiting: true }];
      if (event.toast.hint) return [event.toast];
      // The newest toast is shown, with at most TOAST_LIMIT - 1 of those shown before it; a waiting hint keeps its turn.
      return [event.toast, ...state.filter(isShown).slice(0, TOAST_LIMIT - 1), ...state.filter((toast) => toast.waiting)];
    }
    case 'dismissed':
      return showWaiting(state.map((toast) => (matches(event.id, toast) && toast.open ? { ...toast, open: false } : toast)));
    case 'removed':
      return state.filter((toast) => !matches(event.id, toast));
    default: {
      const _exhaustive: never = event;
      return [...state];
    }
  }
}

/** With nothing on screen, the waiting hint (if it is still open) shows. */
function showWaiting(state: Toast[]): Toast[] {
  if (state.some(isShown)) return state;
  const next = state.findIndex((toast) => toast.open && toast.waiting);
  return next < 0 ? state : state.map((toast, index) => (index === next ? { ...toast, waiting: false } : toast));
}
