/** Ids: 22 characters of `[A-Za-z0-9_-]` (ADR 0007); ours use `[A-Za-z0-9]`, a subset. */
export const ID_LENGTH = 22;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of the alphabet's size below 256: bytes above it are redrawn (no bias). */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** Random characters of `[A-Za-z0-9]`, from `crypto.getRandomValues`. */
export function randomChars(length: number): string {
  let out = '';
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT) out += ALPHABET[byte % ALPHABET.length] ?? '';
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new row id. */
export function newId(): string {
  return randomChars(ID_LENGTH);
}
