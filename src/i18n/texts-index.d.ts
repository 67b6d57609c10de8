/** The map of compiled texts served by `messagesPlugin` (messages-plugin.ts); namespaces.ts gives it its types. */
declare module 'virtual:i18n-texts' {
  type Texts = Readonly<Record<string, (params?: Readonly<Record<string, string | number>>) => string>>;
  /** One bundle's texts: those loaded with core, and a loader for each other namespace. */
  interface BundleTexts {
    readonly loaded: Readonly<Record<string, Texts>>;
    readonly later: Readonly<Record<string, () => Promise<Texts>>>;
  }
  export const en: BundleTexts;
  export const bundles: Readonly<Record<string, () => Promise<BundleTexts>>>;
}
