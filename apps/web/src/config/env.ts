import { z } from 'zod';

// Every build-time variable the web app reads, parsed in one place so a typo fails loudly.
const envSchema = z.object({
  VITE_APP_NAME: z.string().trim().min(1).default('Member Invest'),
  VITE_API_BASE_PATH: z
    .string()
    .regex(/^\/.*\/$/, 'VITE_API_BASE_PATH must start and end with a slash')
    .default('/api/v1/'),
});

const parsed = envSchema.parse(import.meta.env);

export const env = {
  appName: parsed.VITE_APP_NAME,
  apiBasePath: parsed.VITE_API_BASE_PATH,
} as const;
