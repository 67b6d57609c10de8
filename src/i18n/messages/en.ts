/** English texts: the reference bundle every other locale translates (spec §8 error keys first). */
export const en = {
  // Spec §8 request-layer texts; every locale must carry these.
  'error.tip': 'Tip',
  'error.timeout': 'Request timed out!',
  'error.expired': 'Login expired, please log in again',
  'error.loginvalid': 'Please login to visit',
  'error.unknow': 'The system is busy',
  'error.notfound': 'Request error',
  'error.forbidden': 'Request is forbidden',
  'error.status': '{status} The system is busy',
  'error.network': 'Network error. Check your connection and try again.',
  'error.noData': 'The server replied without data.',
  'error.badReply': 'The server sent a reply that could not be read.',
  'error.secureFailed': 'Your sign-in could not be secured. Reload the page and try again.',
  'error.workerTimeout': 'A background task took too long. Please try again.',
  'error.workerFailed': 'A background task failed. Please try again.',
  'error.offline': 'You are offline. Showing the last data received.',

  'common.close': 'Close',
  'common.retry': 'Retry',
  'common.loading': 'Loading…',
  'common.cancel': 'Cancel',
  'common.confirm': 'Confirm',
  'common.empty': 'Nothing here yet',

  'toast.success': 'Success',
  'toast.warning': 'Warning',
  'toast.info': 'Information',
  'toast.error': 'Error',
  'toast.question': 'Question',
  'toast.loading': 'In progress',
  'toast.region': 'Notifications',

  'nav.brand': 'Exchange',
  'nav.markets': 'Markets',
  'nav.spot': 'Spot',
  'nav.futures': 'Futures',
  'nav.signIn': 'Sign in',
  'nav.menu': 'Menu',
  'nav.skipToContent': 'Skip to content',

  'settings.title': 'Preferences',
  'settings.language': 'Language',
  'settings.currency': 'Display currency',
  'settings.theme': 'Theme',
  'theme.light': 'Light',
  'theme.dark': 'Dark',

  'markets.title': 'Markets',
  'markets.tabSpot': 'Spot',
  'markets.tabFutures': 'USDT-M futures',
  'markets.pair': 'Pair',
  'markets.lastPrice': 'Last price',
  'markets.change24h': '24h change',
  'markets.high24h': '24h high',
  'markets.low24h': '24h low',
  'markets.volume24h': '24h volume',
  'markets.search': 'Search markets',
  'markets.empty': 'No market matches your search.',
  'markets.error': 'Markets could not be loaded.',
  'markets.updated': 'Updated {time}',

  'notFound.title': 'Page not found',
  'notFound.back': 'Back to markets',
} as const;

export type MessageKey = keyof typeof en;
/** A locale's bundle: any key it lacks falls back to English (the error keys are checked by a test). */
export type Messages = Partial<Record<MessageKey, string>>;
