/**
 * Lower-cases ASCII letters only. Usernames are ASCII by rule; Unicode case
 * folding would make look-alikes equal (the Kelvin sign U+212A lower-cases to
 * "k"), so they are compared this way everywhere.
 */
export function asciiLowerCase(text: string): string {
  // In ASCII text toLowerCase changes A to Z alone, and it is native: names (ASCII by rule) take this way.
  if (/^\p{ASCII}*$/u.test(text)) return text.toLowerCase();
  return text.replace(/[A-Z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 32));
}

/** True when every character is printable ASCII (space to tilde). */
export function isPrintableAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}
