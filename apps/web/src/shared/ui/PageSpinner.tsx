import { Spin } from 'antd';

/** A page's place while it loads (a lazy chunk, or the session it depends on). */
export function PageSpinner({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="route-fallback">
      <Spin size="large" aria-label={label} />
    </div>
  );
}
