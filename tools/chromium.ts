// The flags every headless Chromium of this repository runs with (browser tests
// and benchmarks): no sandbox (root in CI), no GPU, nothing fetched from Google.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
