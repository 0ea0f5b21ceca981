import { paths } from '../config/paths.ts';

/** Screens shown without the signed-in frame (the router's public routes and /verify-otp). */
export const PUBLIC_PATHS: string[] = [
  paths.signIn,
  paths.login,
  paths.register,
  paths.verifyOtp,
  paths.forgotPassword,
  paths.resetPassword,
];
