import { Dropdown, type DropdownProps } from 'antd';
import { useId, useRef } from 'react';

/** Where the focus is once a menu has closed: nowhere (the page), or still in this closing menu (not another one open now). */
const focusLeftBehind = (menuClass: string) => {
  const active = document.activeElement;
  return active === null || active === document.body || active.closest(`.${menuClass}`) !== null;
};

/**
 * When, after a menu closed, the focus is looked for again (ms). A menu closed
 * the moment it opened (Escape pressed at once) can take the focus late, when
 * its first item focuses itself, and drop it on the page as it hides.
 */
const LOOK_AGAIN_MS = [50, 150, 300, 600];

/**
 * antd's Dropdown as a menu button (WAI-ARIA APG) for the keyboard too: Enter
 * or Space on the button opens the menu with the focus on its first item
 * (antd leaves it on the button, where the arrow keys do nothing), the arrow
 * keys move, Enter chooses, and Escape or a choice brings the focus back to the
 * button (antd drops it on the page).
 */
export function MenuButton({ onOpenChange, rootClassName, ...dropdown }: DropdownProps) {
  const opener = useRef<HTMLElement | null>(null);
  const open = useRef(false);
  // Names this menu's pop-up, so a late look after closing never takes the focus from another menu.
  const menuClass = `menu-button-${useId().replace(/[^\w-]/g, '')}`;

  const handleOpenChange: NonNullable<DropdownProps['onOpenChange']> = (opening, info) => {
    open.current = opening;
    if (opening) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    } else {
      const giveBack = () => {
        if (!open.current && focusLeftBehind(menuClass) && opener.current?.isConnected) opener.current.focus();
      };
      // After antd has handled the key or the click that closed it, and while the menu goes away.
      requestAnimationFrame(giveBack);
      for (const ms of LOOK_AGAIN_MS) setTimeout(giveBack, ms);
    }
    onOpenChange?.(opening, info);
  };

  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      {...dropdown}
      rootClassName={rootClassName ? `${rootClassName} ${menuClass}` : menuClass}
      onOpenChange={handleOpenChange}
    />
  );
}
