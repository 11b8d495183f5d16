import './decorative-background.css';

/**
 * SPEC 1: a faded stage photo, a gradient overlay and a slowly pulsing soft
 * circle behind every page. Drawn with CSS (no image download) and hidden from
 * assistive technology: it carries no meaning.
 */
export function DecorativeBackground() {
  return (
    <div className="backdrop" aria-hidden="true">
      <div className="backdrop__stage" />
      <div className="backdrop__overlay" />
      <div className="backdrop__glow" />
    </div>
  );
}
