import { z } from 'zod';
import { COMPOUNDING_DEFAULT_DAILY_RATE } from '@app/contracts';
import type { Plan } from '../../core/plan.ts';

/**
 * The compounding part of the plan settings. The plan document is shared (plan.ts reads only its
 * own keys and keeps the rest), so this module reads its key the same way, with the product's
 * 0.10 % a business day when the plan does not set it.
 */
const compoundingSettings = z.looseObject({
  /** Rate units of 1e-4 % (see applyRate): 1000 is 0.10 % of the base per business day. */
  compoundingDailyRate: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(COMPOUNDING_DEFAULT_DAILY_RATE),
});

/** The daily compounding rate of `plan`; an invalid value stops the run rather than pay wrongly. */
export function compoundingDailyRate(plan: Plan): number {
  const parsed = compoundingSettings.safeParse(plan.settings);
  if (!parsed.success)
    throw new Error(`plan version ${plan.version}: compoundingDailyRate is invalid`);
  return parsed.data.compoundingDailyRate;
}
