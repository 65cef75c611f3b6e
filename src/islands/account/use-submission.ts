/**
 * The submit scaffolding the account forms share: one API call at a time behind a busy flag, and a
 * failed call turned into the form's alert message (describeFailure) plus whatever the form does with
 * its field messages and keys.
 */
import { useState } from 'react';
import { describeFailure, type Failure, type FailureTexts } from './form-support.ts';

export interface Submission {
  /** True while a call runs: the submit button shows its spinner and stays disabled. */
  busy: boolean;
  /** The form's alert message of the last failed call. */
  failure: string | undefined;
  clearFailure: () => void;
  /** Runs `call`; if it throws, hands the failure to `onFailure` (field errors, focus) and shows its message. */
  submit: (call: () => Promise<void>, onFailure?: (failure: Failure) => void, describe?: Describe) => Promise<void>;
}

/** How a failed call becomes the form's messages (describeFailure unless the form says otherwise). */
type Describe = (error: unknown, texts: FailureTexts & Record<string, string>) => Failure;

export function useSubmission(texts: FailureTexts & Record<string, string>): Submission {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function submit(call: () => Promise<void>, onFailure?: (failure: Failure) => void, describe: Describe = describeFailure) {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      const result = describe(error, texts);
      onFailure?.(result);
      setFailure(result.message);
    } finally {
      setBusy(false);
    }
  }

  return { busy, failure, clearFailure: () => setFailure(undefined), submit };
}
