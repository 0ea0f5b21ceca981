// The app's start, step 4 done: material-ui's theme, made for both colour schemes.
import '../theme.ts';
import { nextTask } from './next-task.ts';

await nextTask();
