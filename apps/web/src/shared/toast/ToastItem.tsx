import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { TOAST_DEFAULT_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type Toast, type ToastAction } from './toast.reducer';
import { useSwipeToDismiss } from './use-swipe-to-dismiss';

interface ToastItemProps {
  toast: Toast;
  onDismiss: (id: string) => void;
}

function ActionControl({ action, onDone }: { action: ToastAction; onDone: () => void }) {
  if ('to' in action) {
    return (
      <Link className="toast__action" to={action.to} onClick={onDone}>
        {action.label}
      </Link>
    );
  }
  const run = () => {
    action.onClick();
    onDone();
  };
  return (
    <button type="button" className="toast__action" onClick={run}>
      {action.label}
    </button>
  );
}

export function ToastItem({ toast, onDismiss }: ToastItemProps) {
  const { id, title, description, action, variant = 'default', duration = TOAST_DEFAULT_DURATION_MS } = toast;
  const dismiss = useCallback(() => onDismiss(id), [onDismiss, id]);
  const { offset, handlers } = useSwipeToDismiss(dismiss);
  // Reading or operating a toast must not race its timer (WCAG 2.2.1).
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return;
    const timer = setTimeout(dismiss, duration);
    return () => clearTimeout(timer);
  }, [paused, duration, dismiss]);

  return (
    <li
      className={`toast toast--${variant}`}
      style={{
        transform: offset > 0 ? `translateX(${offset}px)` : undefined,
        opacity: 1 - Math.min(offset / (TOAST_SWIPE_THRESHOLD_PX * 3), 0.6),
      }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      {...handlers}
    >
      <div className="toast__body">
        <div className="toast__title">{title}</div>
        {description && <div className="toast__description">{description}</div>}
      </div>
      {action && <ActionControl action={action} onDone={dismiss} />}
      <button type="button" className="toast__close" aria-label="Close notification" onClick={dismiss}>
        <CloseOutlined aria-hidden />
      </button>
    </li>
  );
}
