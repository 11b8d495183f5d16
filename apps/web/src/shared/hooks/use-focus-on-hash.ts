import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Brings the element into view and focus when the address names it
 * (`#id`), e.g. a link that leads to one card of a page. The element needs
 * `id` and `tabIndex={-1}`. It runs on every navigation to that hash (the
 * location key), so following the same link twice brings it back again, and
 * after the page's content has mounted, which a lazily loaded page only does
 * once react-router's own scroll handling has already looked for the id.
 */
export function useFocusOnHash<T extends HTMLElement>(id: string) {
  const ref = useRef<T>(null);
  const { hash, key } = useLocation();

  useEffect(() => {
    const element = ref.current;
    if (hash !== `#${id}` || element === null) return;
    // jsdom has no scrollIntoView.
    element.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    element.focus({ preventScroll: true });
  }, [hash, id, key]);

  return ref;
}
