// What antd needs from a browser that jsdom does not provide.

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;

window.matchMedia ??= (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});

// react-router's ScrollRestoration scrolls; jsdom only logs "not implemented".
window.scrollTo = () => undefined;

// antd measures the scrollbar with a pseudo-element style that jsdom does not implement.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

// jsdom has no PointerEvent; without one, fireEvent.pointer* loses clientX.
class PointerEventStub extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
window.PointerEvent ??= PointerEventStub as unknown as typeof PointerEvent;
