/**
 * WCAG 2 contrast ratio of a CSS colour (#rrggbb, #rgb or rgb[a]()) drawn over
 * an opaque background, as axe-core computes it: alpha is blended first.
 */
export function contrastRatio(foreground: string, background: string): number {
  const back = parseColor(background);
  const front = blend(parseColor(foreground), back);
  const [one, other] = [luminance(front), luminance(back)];
  return (Math.max(one, other) + 0.05) / (Math.min(one, other) + 0.05);
}

type Rgba = [number, number, number, number];

function parseColor(color: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (hex) {
    const digits = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const channel = (at: number) => parseInt(digits.slice(at, at + 2), 16);
    return [channel(0), channel(2), channel(4), 1];
  }
  const channels = /^rgba?\(([^)]+)\)$/i.exec(color.trim())?.[1]?.split(',').map(Number);
  if (!channels || channels.length < 3) throw new Error(`Not a colour this helper reads: ${color}`);
  const [red = 0, green = 0, blue = 0, alpha = 1] = channels;
  return [red, green, blue, alpha];
}

function blend([red, green, blue, alpha]: Rgba, [backRed, backGreen, backBlue]: Rgba): Rgba {
  const mix = (front: number, back: number) => front * alpha + back * (1 - alpha);
  return [mix(red, backRed), mix(green, backGreen), mix(blue, backBlue), 1];
}

function luminance([red, green, blue]: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}
