import type { HTMLAttributes } from 'react';
import './panel.css';

/**
 * A card-like surface. antd's Card would do, but it brings Tabs (and their
 * Dropdown and Menu) into the entry chunk for features we never use.
 */
export function Panel({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div {...props} className={className ? `panel ${className}` : 'panel'} />;
}
