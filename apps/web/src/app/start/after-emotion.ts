// The app's start, step 2 done: the styling runtime, emotion (material-ui's styles are next).
import { ThemeContext } from '@emotion/react';
import { nextTask } from './next-task.ts';

// A use of the import: emotion declares itself free of side effects, so a bare import of it
// would be dropped from the build, and its modules evaluated in the next step instead.
void ThemeContext;
await nextTask();
