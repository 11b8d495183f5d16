import './app/global.css';

// The entry is only this loader. The built index.html already shows the home
// page (rendered at build time, see vite.config.ts): it paints before the app
// runs, and then the app takes it over. Anywhere else the page is empty until
// the app has rendered it.

/** Set by index.html's inline script on any address but the home page's. */
const CLIENT_ROUTE_CLASS = 'client-route';

/**
 * Resolves once the first contentful paint has reached the screen, so that the
 * app's code (antd and the app: about 200 kB compressed; React and the router
 * are fetched with the page) neither competes with it for the processor nor
 * for the network. A tab that paints nothing (hidden) starts after a second.
 */
const afterFirstContentfulPaint = () =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1_000);
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    });
    try {
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing in this browser: the timer decides.
    }
  });

async function boot(container: HTMLElement) {
  const root = document.documentElement;
  const prerendered = !root.classList.contains(CLIENT_ROUTE_CLASS) && container.firstElementChild !== null;
  if (prerendered) {
    await afterFirstContentfulPaint();
  } else {
    // Never shown on this address: the home page rendered at build time.
    container.replaceChildren();
    container.inert = false;
    root.classList.remove(CLIENT_ROUTE_CLASS);
  }
  const { startApp } = await import('./app/start');
  startApp(container, prerendered);
}

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element to render into');
void boot(container);
