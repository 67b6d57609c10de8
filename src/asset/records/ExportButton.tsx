import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import type { ExportState } from './csv-export';

/** Export CSV, its progress ("Exporting… 300 rows", stoppable) and its outcome. */
export function ExportButton({
  state,
  disabled,
  onStart,
  onStop,
}: {
  state: ExportState;
  disabled: boolean;
  onStart(): void;
  onStop(): void;
}) {
  const t = useT();
  return (
    <div className="records__export">
      {state.status === 'running' ? (
        <>
          <span role="status">{t('asset.records.exporting', { count: state.count })}</span>
          <Button size="sm" onClick={onStop}>
            {t('asset.records.stopExport')}
          </Button>
        </>
      ) : (
        <Button size="sm" onClick={onStart} disabled={disabled} title={disabled ? t('asset.offlineAction') : undefined}>
          {t('asset.records.export')}
        </Button>
      )}
      {state.status === 'done' && <span role="status">{t('asset.records.exported', { count: state.count })}</span>}
      {state.status === 'failed' && (
        <span role="alert" className="records__error">
          {t('asset.records.exportFailed', { reason: state.message || t('asset.offline') })}
        </span>
      )}
    </div>
  );
}
