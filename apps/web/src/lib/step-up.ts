// Step-up (decision 0047): with the authenticator on, a withdrawal, a payout address change or a
// password change answers 403 STEP_UP_REQUIRED until the session proves the second factor again.
// The signed-in frame registers the dialog that asks for the code; the API client then asks it
// and, once the code is accepted, sends the same request again.

/** Asks the member for a code; true once the server accepted it, false when they cancelled. */
export type StepUpAsker = () => Promise<boolean>;

let asker: StepUpAsker | null = null;

/** Registers the dialog (one at a time); answers its unregistration. */
export function registerStepUp(ask: StepUpAsker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/** Asks for the step-up; false when no dialog is there to ask (the request's error stands). */
export const askStepUp = (): Promise<boolean> => (asker ? asker() : Promise.resolve(false));
