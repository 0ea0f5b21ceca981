import { stepUpData, type StepUpBody } from '@app/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** POST auth/second-factor/verify {code}: the session counts as fresh for 5 minutes (0047). */
export const verifyStepUp = (body: StepUpBody) =>
  apiClient.post('auth/second-factor/verify', body, { schema: stepUpData });
