/** Link addresses as every link field of the app accepts them: required, a valid URL, https. */

/**
 * A link address as the link fields accept it (required, a valid URL, https): `example.com/a`
 * becomes `https://example.com/a`; anything else (http, mailto, javascript, no host) is null.
 */
export function normalizeLink(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' && url.hostname.includes('.') ? url.href : null;
  } catch {
    return null;
  }
}
