import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from 'react';
import { isStepUpWanted, subscribeStepUpWanted } from '../../lib/step-up.ts';

const StepUpDialog = lazy(() =>
  import('../../features/second-factor/components/step-up-dialog.tsx').then((module) => ({
    default: module.StepUpDialog,
  })),
);

/**
 * The step-up dialog (decision 0047), loaded and mounted the first time a request asks for it
 * (lib/step-up.ts), then kept. Few members have a second factor and none needs the dialog before
 * they act: loaded after every first paint, its code and the shared chunk it imports were a long
 * task on a slow phone's dashboard for nothing.
 */
export function StepUpOnDemand(props: ComponentProps<typeof StepUpDialog>) {
  const isWanted = useSyncExternalStore(subscribeStepUpWanted, isStepUpWanted, () => false);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog {...props} />
    </Suspense>
  );
}
