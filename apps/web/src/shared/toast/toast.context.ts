import { createContext, useContext } from 'react';
import type { Toast, ToastOptions } from './toast.reducer';

export interface ToastHandle {
  id: string;
  dismiss: () => void;
}

/**
 * What features use: show and dismiss. Stable, so a toast coming or going
 * re-renders none of the many components that can raise one; the list has
 * its own context below.
 */
export interface ToastContextValue {
  toast: (options: ToastOptions) => ToastHandle;
  /** Dismisses one toast, or all of them without an id. */
  dismiss: (id?: string) => void;
}

export const ToastContext = createContext<ToastContextValue | null>(null);

export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (context === null) throw new Error('useToast must be used within a ToastProvider');
  return context;
}

/** The toast list, open and closed, for whoever must follow it (the provider's own region, tests). */
export const ToastListContext = createContext<readonly Toast[] | null>(null);

export function useToastList(): readonly Toast[] {
  const toasts = useContext(ToastListContext);
  if (toasts === null) throw new Error('useToastList must be used within a ToastProvider');
  return toasts;
}
