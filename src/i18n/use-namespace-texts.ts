import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Namespace } from './namespaces';
import { i18nState, loadTexts } from './i18n';

/**
 * Whether a namespace's texts are in for the page's language, loading them when they are not: a part that loads after
 * the page (the footer, the account menu) shows once they are, never a bare key.
 */
export function useNamespaceTexts(namespace: Namespace): boolean {
  const { locale } = useSnapshot(i18nState);
  const [textsFor, setTextsFor] = useState<string | null>(null);
  useEffect(() => {
    const loading = loadTexts(namespace);
    if (!loading) {
      setTextsFor(locale);
      return;
    }
    let isLive = true;
    loading.then(
      () => isLive && setTextsFor(locale),
      () => undefined,
    );
    return () => {
      isLive = false;
    };
  }, [namespace, locale]);
  return textsFor === locale;
}
