// npm run reseal-second-factor -w apps/api: moves members' and operators' authenticator secrets
// sealed under SECOND_FACTOR_PREVIOUS_KEYS to SECOND_FACTOR_KEY (docs/configuration.md,
// decisions 0045 and 0049). Ctrl+C stops it after the batch in progress; run it again to go on.
import { SECOND_FACTOR_STORE } from './reseal-stores.ts';
import { runResealScript } from './run-reseal.ts';

await runResealScript(SECOND_FACTOR_STORE);
