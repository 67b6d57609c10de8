import type { Translate } from '../../i18n/i18n';
import type { DeviceAgent, DevicePlace, LoginResult } from './devices-api';

/** The app or browser of a device as a line of text: "Exchange app 2.21.0", "Chrome 120", or "Unknown browser". */
export function agentText(t: Translate, agent: DeviceAgent): string {
  if (agent.kind === 'app') return t('devices.app', { version: agent.version ?? '' });
  if (agent.kind === 'browser' && agent.browser) return [agent.browser, agent.version].filter(Boolean).join(' ');
  return t('devices.unknownBrowser');
}

/** The operating system of a device: "iOS 17.2", "Windows", or "Unknown system". */
export function osText(t: Translate, agent: DeviceAgent): string {
  return agent.os ? [agent.os, agent.osVersion].filter(Boolean).join(' ') : t('devices.unknownOs');
}

/** Where a device is, in the user's language (the country's name from Intl). */
export function placeText(t: Translate, place: DevicePlace, intlTag: string): string {
  switch (place.kind) {
    case 'loopback':
      return t('devices.place.loopback');
    case 'private':
      return t('devices.place.private');
    case 'known': {
      let country = place.country;
      try {
        country = new Intl.DisplayNames([intlTag], { type: 'region' }).of(place.country) ?? place.country;
      } catch {
        // An old engine without DisplayNames shows the code.
      }
      return t('devices.place.known', { city: place.city, country });
    }
    default:
      return t('devices.place.unknown');
  }
}

/** The result of a sign-in attempt in words. */
export function resultText(t: Translate, result: LoginResult): string {
  switch (result) {
    case 'success':
      return t('devices.result.success');
    case 'wrong-password':
      return t('devices.result.wrongPassword');
    case 'wrong-code':
      return t('devices.result.wrongCode');
    default:
      return t('devices.result.rateLimited');
  }
}
