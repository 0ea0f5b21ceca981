// The app's start, step 1 done: zod's core, set to run without compiling (see the module).
import '../../lib/zod-jitless.ts';
import { nextTask } from './next-task.ts';

await nextTask();
