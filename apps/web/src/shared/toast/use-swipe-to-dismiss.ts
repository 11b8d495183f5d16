import { useRef, useState, type PointerEvent } from 'react';
import { TOAST_SWIPE_THRESHOLD_PX } from './toast.reducer';

/**
 * Swipe right to dismiss (SPEC 9: 50 px threshold). The toast follows the
 * pointer to the right only; a shorter swipe snaps it back. No pointer capture:
 * capturing would retarget the click of the toast's own buttons.
 */
export function useSwipeToDismiss(onDismiss: () => void) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const finish = (clientX: number) => {
    if (startX.current === null) return;
    const distance = clientX - startX.current;
    startX.current = null;
    if (distance >= TOAST_SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      startX.current = event.clientX;
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (startX.current === null) return;
      setOffset(Math.max(0, event.clientX - startX.current));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => finish(event.clientX),
    onPointerLeave: (event: PointerEvent<HTMLElement>) => finish(event.clientX),
    onPointerCancel: () => {
      startX.current = null;
      setOffset(0);
    },
  };

  return { offset, handlers };
}
