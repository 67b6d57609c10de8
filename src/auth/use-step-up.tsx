import { type ReactNode, useCallback, useState } from 'react';
import { isStepUpRequired, StepUpCancelled, type StepUpPurpose, type StepUpSummaryLine } from './step-up';
import { StepUpDialog } from './StepUpDialog';

interface Pending {
  purpose: StepUpPurpose;
  summary?: readonly StepUpSummaryLine[];
  resolve(verified: boolean): void;
}

/**
 * Runs changes that may need a step-up: when the gateway answers that one does (40112), the step-up dialog opens, and
 * once it is verified the change runs again, once. Closing the dialog rejects with StepUpCancelled. Render `dialog`.
 * `summary` is what the dialog lists as the change, written from the same values `change` sends.
 */
export function useStepUp(): {
  run<T>(purpose: StepUpPurpose, change: () => Promise<T>, summary?: readonly StepUpSummaryLine[]): Promise<T>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const run = useCallback(
    async <T,>(
      purpose: StepUpPurpose,
      change: () => Promise<T>,
      summary?: readonly StepUpSummaryLine[],
    ): Promise<T> => {
      try {
        return await change();
      } catch (error) {
        if (!isStepUpRequired(error)) throw error;
      }
      const verified = await new Promise<boolean>((resolve) => setPending({ purpose, summary, resolve }));
      setPending(null);
      if (!verified) throw new StepUpCancelled();
      return change();
    },
    [],
  );
  const dialog = pending ? (
    <StepUpDialog purpose={pending.purpose} summary={pending.summary} onDone={pending.resolve} />
  ) : null;
  return { run, dialog };
}
