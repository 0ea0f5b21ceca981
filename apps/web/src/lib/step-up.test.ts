import { describe, expect, it, vi } from 'vitest';
import { askStepUp, isStepUpWanted, registerStepUp, subscribeStepUpWanted } from './step-up.ts';

// The dialog is mounted on demand (app/shell/step-up-on-demand.tsx): a request that needs the
// step-up waits for it. These hold whatever an earlier file left: the first want sticks.

describe('askStepUp', () => {
  it('answers false where no frame could mount the dialog and none is registered', async () => {
    await expect(askStepUp()).resolves.toBe(false);
  });

  it('has a frame mount the dialog, then asks it once it registers', async () => {
    const frame = vi.fn();
    const unsubscribe = subscribeStepUpWanted(frame);
    const ask = vi.fn(() => Promise.resolve(true));
    try {
      const answer = askStepUp();
      expect(isStepUpWanted()).toBe(true);
      expect(ask).not.toHaveBeenCalled();
      const unregister = registerStepUp(ask);
      await expect(answer).resolves.toBe(true);
      expect(ask).toHaveBeenCalledTimes(1);
      // Registered, the dialog is asked at once, without the frame.
      await expect(askStepUp()).resolves.toBe(true);
      expect(ask).toHaveBeenCalledTimes(2);
      unregister();
    } finally {
      unsubscribe();
    }
  });
});
