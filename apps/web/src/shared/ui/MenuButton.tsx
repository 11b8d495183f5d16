import { Dropdown, type DropdownProps } from 'antd';
import { useRef } from 'react';

/** Where the focus is once a menu has closed: nowhere (the page), or still in the closing menu. */
const focusLeftBehind = () => {
  const active = document.activeElement;
  return active === null || active === document.body || active.closest('.ant-dropdown') !== null;
};

/**
 * antd's Dropdown as a menu button (WAI-ARIA APG) for the keyboard too: Enter
 * or Space on the button opens the menu with the focus on its first item
 * (antd leaves it on the button, where the arrow keys do nothing), the arrow
 * keys move, Enter chooses, and Escape or a choice brings the focus back to the
 * button (antd drops it on the page).
 */
export function MenuButton({ onOpenChange, ...dropdown }: DropdownProps) {
  const opener = useRef<HTMLElement | null>(null);

  const handleOpenChange: NonNullable<DropdownProps['onOpenChange']> = (open, info) => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    } else {
      // After antd has handled the key or the click that closed it.
      requestAnimationFrame(() => {
        if (focusLeftBehind() && opener.current?.isConnected) opener.current.focus();
      });
    }
    onOpenChange?.(open, info);
  };

  return <Dropdown trigger={['click']} autoFocus {...dropdown} onOpenChange={handleOpenChange} />;
}
