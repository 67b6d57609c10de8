import { useT } from '../i18n/i18n';
import { StateView } from '../ui/StateView';

/** `/asset/margin`: the margin account's place; margin trading does not exist yet, so it says so. */
export function MarginAssetsPage() {
  const t = useT();
  return (
    <div className="asset-card">
      <h2 className="asset-card__title">{t('asset.account.margin')}</h2>
      <StateView state="empty" message={t('asset.marginEmpty')} />
    </div>
  );
}
