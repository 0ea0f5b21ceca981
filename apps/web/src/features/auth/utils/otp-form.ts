import { loginForm, otpVerifyBody } from '@app/contracts';
import { z } from 'zod';

/** The verification form: the sign-in's Registered ID rule and the API's OTP rule, reused. */
export const otpForm = z.object({ loginId: loginForm.shape.loginId, otp: otpVerifyBody.shape.otp });
export type OtpFormInput = z.input<typeof otpForm>;
export type OtpFormOutput = z.output<typeof otpForm>;
