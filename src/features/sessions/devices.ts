/**
 * A session's device in a few words, from its User-Agent: "Firefox 128 on
 * Windows", "Safari 17 on iOS", "curl 8.5". A person reads it to tell their
 * sessions apart, so it names the browser and the system and nothing finer;
 * anything it does not know is shown by its first product name, or as an
 * unknown device. The header is the client's to write, so this is a label,
 * never evidence.
 */
const browsers: Array<[name: string, pattern: RegExp]> = [
  // Most browsers also say "Chrome" or "Safari": the ones built on them first.
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

const systems: Array<[name: string, pattern: RegExp]> = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

/** A client that is no browser: its first product and version (`curl/8.5.0`, `python-requests/2.31.0`). */
const product = /^([A-Za-z][\w.-]{0,40})(?:\/(\d+)(?:\.(\d+))?)?/;

export const unknownDevice = 'Unknown device';

export function deviceOf(userAgent: string | undefined): string {
  const text = printable(userAgent ?? '');
  if (!text) return unknownDevice;
  for (const [name, pattern] of browsers) {
    const version = pattern.exec(text)?.[1];
    if (!version) continue;
    const system = systems.find(([, test]) => test.test(text))?.[0];
    return system ? `${name} ${version} on ${system}` : `${name} ${version}`;
  }
  const match = product.exec(text);
  if (!match || match[1] === 'Mozilla') return unknownDevice;
  const version = match[2] === undefined ? '' : ` ${match[2]}${match[3] === undefined ? '' : `.${match[3]}`}`;
  return `${match[1]}${version}`;
}

/** The header as kept: printable ASCII only, at most 256 characters. */
export function keptUserAgent(userAgent: string | undefined): string {
  return printable(userAgent ?? '').slice(0, 256);
}

function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '').trim();
}
