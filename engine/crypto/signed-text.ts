import type { SignMode } from './sign-mode';

/** What a signed text is built from (signing contract §4); `bodyMd5` is hex(MD5(raw body bytes)). */
export interface SignedTextInput {
  mode: SignMode;
  method: string;
  /** Path with query exactly as sent. */
  pathWithQuery: string;
  time8: string;
  traceId: string;
  bodyMd5: string;
  /** Looks a request header up by name (case-insensitive); undefined when it is not sent. */
  header(name: string): string | undefined;
}

/** Why a text cannot be built: a header named by the mode is not in the request. */
export interface MissingHeader {
  missingHeader: string;
}

/**
 * The DS1 signed text, lines joined by `\n` without a trailing newline: `DS1`, mode, METHOD, path with query,
 * time8, then traceId / body md5 / `h:{name}:{value}` in mode order (signing contract §4).
 */
export function buildSignedText(input: SignedTextInput): string | MissingHeader {
  const lines = ['DS1', input.mode.text, input.method.toUpperCase(), input.pathWithQuery, input.time8];
  for (const item of input.mode.items) {
    // path and time are always lines 4 and 5; listing them in a custom mode adds nothing.
    if (item.kind === 'traceId') lines.push(input.traceId);
    else if (item.kind === 'body') lines.push(input.bodyMd5);
    else if (item.kind === 'header') {
      const value = input.header(item.name);
      if (value === undefined) return { missingHeader: item.name };
      lines.push(`h:${item.name}:${value}`);
    }
  }
  return lines.join('\n');
}
