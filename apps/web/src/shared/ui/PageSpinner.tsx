import { Spin } from 'antd';

/**
 * A page's place while it loads (a lazy chunk, or the session it depends on).
 * The label is on a status around the spinner: antd's spinner is a plain
 * element, on which a label is not allowed (axe: aria-prohibited-attr).
 */
export function PageSpinner({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="route-fallback" role="status" aria-label={label}>
      <Spin size="large" />
    </div>
  );
}
