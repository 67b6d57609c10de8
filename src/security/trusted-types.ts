/**
 * The page runs under `require-trusted-types-for 'script'` (ARCHITECTURE principle 5). The default
 * policy admits only same-origin script URLs (our module workers) and refuses every HTML or script
 * string: HTML must go through the named sanitizing policy instead.
 */
interface TrustedTypePolicyFactoryLike {
  createPolicy(name: string, rules: Record<string, (input: string) => string>): unknown;
  defaultPolicy?: unknown;
}

export function installTrustedTypesPolicy(): void {
  const factory = (globalThis as { trustedTypes?: TrustedTypePolicyFactoryLike }).trustedTypes;
  if (!factory || factory.defaultPolicy) return;
  factory.createPolicy('default', {
    createScriptURL(input: string) {
      const url = new URL(input, location.href);
      if (url.origin !== location.origin) throw new TypeError(`Blocked script URL from ${url.origin}`);
      return url.href;
    },
    createHTML() {
      throw new TypeError('Blocked an unsanitized HTML string');
    },
    createScript() {
      throw new TypeError('Blocked a script string');
    },
  });
}

installTrustedTypesPolicy();
