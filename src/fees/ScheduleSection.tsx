import { useT } from '../i18n/i18n';
import { isOfflineError } from '../api/failures';
import { StateView } from '../ui/StateView';
import type { VipSchedule } from './vip-api';
import { VipScheduleTable } from './VipScheduleTable';
import type { Loaded } from './use-vip';

export interface ScheduleSectionProps {
  schedule: Loaded<VipSchedule>;
  currentLevel: number | null;
  onRetry: () => void;
}

/** Both markets' schedule tables, or the schedule's loading, failed or offline state (with a retry). */
export function ScheduleSection({ schedule, currentLevel, onRetry }: ScheduleSectionProps) {
  const t = useT();
  if (schedule.status === 'loading') return <StateView state="loading" />;
  const data = schedule.data;
  return (
    <>
      {schedule.status === 'error' && (
        <StateView
          state={isOfflineError(schedule.error) ? 'offline' : 'error'}
          message={isOfflineError(schedule.error) ? undefined : t('fees.loadFailed')}
          onRetry={onRetry}
        />
      )}
      {data !== null && data.levels.length === 0 && <StateView state="empty" message={t('fees.noLevels')} />}
      {data !== null && data.levels.length > 0 && (
        <div className="fees-tables">
          <VipScheduleTable market="spot" levels={data.levels} currentLevel={currentLevel} />
          <VipScheduleTable market="futures" levels={data.levels} currentLevel={currentLevel} />
        </div>
      )}
    </>
  );
}
