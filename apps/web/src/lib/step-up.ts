// Step-up (decision 0047): with the authenticator on, a withdrawal, a payout address change or a
// password change answers 403 STEP_UP_REQUIRED until the session proves the second factor again.
// The signed-in frame mounts the dialog that asks for the code the first time a request needs it
// (its code is loaded then, not with every screen); the API client asks it and, once the code is
// accepted, sends the same request again.

/** Asks the member for a code; true once the server accepted it, false when they cancelled. */
export type StepUpAsker = () => Promise<boolean>;

let asker: StepUpAsker | null = null;
// Requests waiting for the dialog to be mounted and registered.
const waitingForAsker: ((ask: StepUpAsker) => void)[] = [];
// The frames that can mount the dialog (StepUpOnDemand), told when it is first wanted.
const frames = new Set<() => void>();
let isWanted = false;

/** Registers the dialog (one at a time); answers its unregistration. */
export function registerStepUp(ask: StepUpAsker): () => void {
  asker = ask;
  for (const resume of waitingForAsker.splice(0)) resume(ask);
  return () => {
    if (asker === ask) asker = null;
  };
}

/**
 * Asks for the step-up: at once where the dialog is registered, else once a frame has mounted
 * it; false when neither is there to ask (the request's error stands).
 */
export function askStepUp(): Promise<boolean> {
  if (asker) return asker();
  if (frames.size === 0) return Promise.resolve(false);
  const registered = new Promise<StepUpAsker>((resolve) => waitingForAsker.push(resolve));
  if (!isWanted) {
    isWanted = true;
    for (const notify of frames) notify();
  }
  return registered.then((ask) => ask());
}

/** For useSyncExternalStore in the frame: told once a request first wants the dialog. */
export function subscribeStepUpWanted(onChange: () => void): () => void {
  frames.add(onChange);
  return () => frames.delete(onChange);
}

/** Whether a request has wanted the dialog yet: the frame mounts it from then on. */
export const isStepUpWanted = () => isWanted;
