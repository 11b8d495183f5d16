import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { ToastContext, ToastListContext, type ToastContextValue } from './toast.context';
import { TOAST_REMOVE_DELAY_MS, toastReducer, type ToastOptions } from './toast.reducer';
import { ToastRegion } from './ToastRegion';

let nextId = 0;
const newToastId = () => `toast-${++nextId}`;

/** Holds the toast list, schedules removals and renders the notification region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const removals = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id?: string) => dispatch({ type: 'dismissed', id }), []);

  const toast = useCallback(
    (options: ToastOptions) => {
      const id = newToastId();
      dispatch({ type: 'added', toast: { ...options, id, open: true } });
      return { id, dismiss: () => dismiss(id) };
    },
    [dismiss],
  );

  // A dismissed toast stays in the list, closed, until its removal is due.
  useEffect(() => {
    const timers = removals.current;
    for (const { id, open } of toasts) {
      if (open || timers.has(id)) continue;
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          dispatch({ type: 'removed', id });
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  }, [toasts]);

  useEffect(() => {
    const timers = removals.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const value = useMemo<ToastContextValue>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      <ToastListContext.Provider value={toasts}>
        {children}
        <ToastRegion toasts={toasts} onDismiss={dismiss} />
      </ToastListContext.Provider>
    </ToastContext.Provider>
  );
}
