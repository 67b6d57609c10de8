import type { ReadState } from '../api/read-state';
import { ReadStates } from '../api/ReadStates';
import { useT } from '../i18n/i18n';
import { StateView } from '../ui/StateView';
import type { VipSchedule } from './vip-api';
import { VipScheduleTable } from './VipScheduleTable';

export interface ScheduleSectionProps {
  schedule: ReadState<VipSchedule>;
  currentLevel: number | null;
  onRetry: () => void;
}

/** Both markets' schedule tables, or the schedule's loading, failed or offline state (with a retry). */
export function ScheduleSection({ schedule, currentLevel, onRetry }: ScheduleSectionProps) {
  const t = useT();
  return (
    <ReadStates state={schedule} onRetry={onRetry} texts={{ failed: t('fees.loadFailed') }}>
      {(data) =>
        data.levels.length === 0 ? (
          <StateView state="empty" message={t('fees.noLevels')} />
        ) : (
          <div className="fees-tables">
            <VipScheduleTable market="spot" levels={data.levels} currentLevel={currentLevel} />
            <VipScheduleTable market="futures" levels={data.levels} currentLevel={currentLevel} />
          </div>
        )
      }
    </ReadStates>
  );
}
