// Session ids have the spec's form: the time in milliseconds (13 digits) followed by a 9-character base-36
// fragment, as `Date.now().toString() + Math.random().toString(36).slice(2, 11)` would give. The fragment is
// drawn from crypto.getRandomValues where available (Math.random is predictable and can yield short
// fragments), so the id always matches SESSION_ID_PATTERN.

export const SESSION_ID_PATTERN = /^\d{13}[0-9a-z]{9}$/;

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

function randomFragment(length: number): string {
  const bytes = new Uint8Array(length);
  const c = globalThis.crypto;
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < length; i++) bytes[i] = Math.floor(Math.random() * 256);
  // 252 is the largest multiple of 36 below 256: re-draw bytes above it so every character is equally likely.
  let out = '';
  for (let i = 0; i < length; i++) {
    let b = bytes[i];
    while (b >= 252) b = randomByte();
    out += ALPHABET[b % 36];
  }
  return out;
}

function randomByte(): number {
  const one = new Uint8Array(1);
  const c = globalThis.crypto;
  if (c?.getRandomValues) c.getRandomValues(one);
  else one[0] = Math.floor(Math.random() * 256);
  return one[0];
}

export function createSessionId(now: number = Date.now()): string {
  return now.toString().padStart(13, '0') + randomFragment(9);
}
