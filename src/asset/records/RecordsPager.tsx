import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';

/** Previous and Next over cursor pages, with the page number. */
export function RecordsPager({
  page,
  hasNext,
  onPrevious,
  onNext,
}: {
  page: number;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
}) {
  const t = useT();
  return (
    <nav className="records__pager" aria-label={t('asset.records.pages')}>
      <Button size="sm" onClick={onPrevious} disabled={page <= 1}>
        {t('asset.records.previous')}
      </Button>
      <span aria-live="polite">{t('asset.records.page', { page })}</span>
      <Button size="sm" onClick={onNext} disabled={!hasNext}>
        {t('asset.records.next')}
      </Button>
    </nav>
  );
}
