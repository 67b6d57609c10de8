import { platformOf } from '../../engine/rules/bridge';
import { buildDeepLink, type DeepLinkPlatform, type DeepLinkQuery } from '../../engine/rules/deep-links';
import { mayBeInApp } from './app-bridge';

/**
 * Deep links into the app (spec §2.2, contracts/bridge.md §6) from a page running inside it. Loaded only there: the
 * table of paths never reaches a web visit's first chunks.
 */

/** The platform whose app the page runs in; 'web' outside the app. */
export function appPlatform(): DeepLinkPlatform {
  if (!mayBeInApp()) return 'web';
  return platformOf(navigator.userAgent) ?? 'web';
}

/**
 * The app's own screen for a path of spec §2.2, inside the app (its `app://` scheme, which the webview hands to the
 * app); null outside the app, or where this platform's app lacks the screen: the caller keeps its web link.
 */
export function appScreenLink(path: string, query: DeepLinkQuery = {}): string | null {
  const platform = appPlatform();
  if (platform === 'web') return null;
  return buildDeepLink(path, query, { inApp: true, platform });
}

/**
 * A page of this site opened from an in-app page in a webview of its own (deep link `main/h5`), so the trading
 * page stays where it was; null outside the app.
 */
export function appWebPageLink(path: string): string | null {
  return appScreenLink('main/h5', { url: new URL(path, location.origin).href });
}
