import type { StepUpPurpose } from '../../auth/step-up';
import { StepUpCancelled } from '../../auth/step-up';
import type { Translate } from '../../i18n/i18n';
import { settingsFailureText } from './settings-api';

/** Runs a change, with the step-up dialog when the gateway asks for one (useStepUp's `run`). */
export type RunWithStepUp = <T>(purpose: StepUpPurpose, change: () => Promise<T>) => Promise<T>;

/**
 * Runs a form's change and says how it went: null when done, '' when the user closed the step-up (nothing to show,
 * what was typed stays), else the localized failure.
 */
export async function attempt(t: Translate, change: () => Promise<unknown>): Promise<string | null> {
  try {
    await change();
    return null;
  } catch (error) {
    return error instanceof StepUpCancelled ? '' : settingsFailureText(t, error);
  }
}
