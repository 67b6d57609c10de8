import { useCallback, useState } from 'react';
import { errorText } from '../trade-api';

/** A position dialog's request: whether one is out, the last refusal, and the call that sends one. */
export interface PositionSave {
  saving: boolean;
  failure: string | null;
  clearFailure(): void;
  /** Sends once at a time; on success `onDone` (a toast, a refresh, closing), on a refusal its text stays shown. */
  run(send: () => Promise<void>, onDone: () => void): Promise<void>;
}

/** The request of a position's small dialogs (TP/SL, margin, reverse): one at a time, a refusal kept in the dialog. */
export function usePositionSave(): PositionSave {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const clearFailure = useCallback(() => setFailure(null), []);
  const run = async (send: () => Promise<void>, onDone: () => void) => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await send();
      onDone();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };
  return { saving, failure, clearFailure, run };
}
