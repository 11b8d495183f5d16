import { createContext, useContext } from 'react';
import type { Toast, ToastOptions } from './toast.reducer';

export interface ToastHandle {
  id: string;
  dismiss: () => void;
}

export interface ToastContextValue {
  toasts: readonly Toast[];
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
