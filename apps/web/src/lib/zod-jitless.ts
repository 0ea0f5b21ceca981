import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and finds out whether it may by
// trying once. The app's Content-Security-Policy has no 'unsafe-eval', so that probe was
// refused on every page and reported as a `script-src` violation, caught or not. Without JIT
// nothing is tried: the console stays clean and the policy stays strict. Zod decides when an
// object schema is created, so main.tsx imports this module before anything that defines one.
z.config({ jitless: true });
