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

// antd's Form batches on a MessageChannel, which jsdom lacks. Node's would keep
// Jest's process alive after the run; this one rides on jsdom's (cleaned-up) timers.
class MessagePortStub {
  onmessage: ((event: MessageEvent) => void) | null = null;
  peer: MessagePortStub | null = null;
  postMessage(data: unknown): void {
    setTimeout(() => this.peer?.onmessage?.(new MessageEvent('message', { data })), 0);
  }
  start(): void {}
  close(): void {
    this.onmessage = null;
  }
}

class MessageChannelStub {
  readonly port1 = new MessagePortStub();
  readonly port2 = new MessagePortStub();
  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}
globalThis.MessageChannel ??= MessageChannelStub as unknown as typeof MessageChannel;
