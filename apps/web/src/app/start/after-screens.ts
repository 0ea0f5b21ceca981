// The app's start, step 6 done: the routes, the sign-in screen and the contracts they use.
import '../routes.tsx';
import { nextTask } from './next-task.ts';

await nextTask();
