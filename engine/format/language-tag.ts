/** True for one well-formed BCP 47 tag (as Intl reads it); workers check the `intl` their callers pass with it. */
export function isLanguageTag(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}
