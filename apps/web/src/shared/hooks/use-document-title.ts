import { useEffect } from 'react';
import { site } from '../config/site';

/** Names the page in the tab and for assistive technology on route changes. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${site.name}` : site.name;
  }, [title]);
}
