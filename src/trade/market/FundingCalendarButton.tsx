import { memo, useState } from 'react';
import { addToCalendar } from '../../bridge/app-actions';
import { useT } from '../../i18n/i18n';
import { showToast } from '../../ui/toast/toast-state';

/** How long the calendar entry of a funding settlement lasts: long enough for a calendar to show it. */
const ENTRY_MS = 15 * 60_000;

export interface FundingCalendarButtonProps {
  /** `BTC/USDT`, named in the entry's title. */
  pair: string;
  /** The settlement, ms since the epoch. */
  time: number;
  className?: string;
}

/**
 * Puts the next funding settlement in the phone's calendar: through the app from 2.37.0 (`addCalendarEvent`), as an
 * iCalendar file elsewhere. The entry links back to this page. Memoized: the ticker bar around it renders on every
 * ticker frame, while its settlement time changes every 8 hours.
 */
export const FundingCalendarButton = memo(function FundingCalendarButton({
  pair,
  time,
  className,
}: FundingCalendarButtonProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    const outcome = await addToCalendar({
      title: t('trade.calendar.title', { pair }),
      start: time,
      end: time + ENTRY_MS,
      url: location.href,
    });
    setBusy(false);
    showToast(
      typeof outcome === 'object'
        ? { type: 'error', message: `${t('trade.calendar.failed')} ${outcome.failed}` }
        : { type: 'success', message: t(outcome === 'added' ? 'trade.calendar.added' : 'trade.calendar.downloaded') },
    );
  };
  return (
    <button
      type="button"
      className={['funding-calendar', className].filter(Boolean).join(' ')}
      onClick={() => void onClick()}
      aria-busy={busy || undefined}
      data-testid="funding-calendar"
    >
      {t('trade.calendar.add')}
    </button>
  );
});
