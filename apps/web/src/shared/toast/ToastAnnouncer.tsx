import { isShown, type Toast } from './toast.reducer';

const words = ({ title, description }: Toast) => (description ? `${title}. ${description}` : title);

function Said({ toasts }: { toasts: readonly Toast[] }) {
  // Keyed by toast: the same words in a new toast are a new node, so they are said again.
  return toasts.map((toast) => <p key={toast.id}>{words(toast)}</p>);
}

/**
 * What screen readers say when a toast opens: its title and description, not
 * its buttons ('Close notification'); an error at once (assertive), anything
 * else when the reader is free (polite). Both regions are always present, as live
 * regions must be before their content arrives.
 */
export function ToastAnnouncer({ toasts }: { toasts: readonly Toast[] }) {
  const open = toasts.filter(isShown);
  return (
    // Plain live regions, not role status/alert: the page's own alerts stay the only ones.
    <div className="toast-announcer visually-hidden">
      <div aria-live="polite">
        <Said toasts={open.filter((toast) => toast.variant !== 'destructive')} />
      </div>
      <div aria-live="assertive">
        <Said toasts={open.filter((toast) => toast.variant === 'destructive')} />
      </div>
    </div>
  );
}
