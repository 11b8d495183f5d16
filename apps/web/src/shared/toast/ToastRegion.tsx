import { useEffect, useRef } from 'react';
import { isShown, type Toast } from './toast.reducer';
import { ToastAnnouncer } from './ToastAnnouncer';
import { ToastItem } from './ToastItem';
import './toast.css';

interface ToastRegionProps {
  toasts: readonly Toast[];
  onDismiss: (id: string) => void;
}

const HOTKEY = 'F8';

/**
 * The notification region, reachable from anywhere with F8 (SPEC 9); what a
 * toast says is announced beside it (ToastAnnouncer).
 */
export function ToastRegion({ toasts, onDismiss }: ToastRegionProps) {
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const focusRegion = (event: KeyboardEvent) => {
      if (event.key !== HOTKEY) return;
      event.preventDefault();
      regionRef.current?.focus();
    };
    document.addEventListener('keydown', focusRegion);
    return () => document.removeEventListener('keydown', focusRegion);
  }, []);

  return (
    <>
      <section ref={regionRef} className="toast-region" aria-label={`Notifications (${HOTKEY})`} tabIndex={-1}>
        <ol className="toast-region__list">
          {toasts
            .filter(isShown)
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
            ))}
        </ol>
      </section>
      <ToastAnnouncer toasts={toasts} />
    </>
  );
}
