// The app's start, step 3 done: material-ui's styles on emotion, without
// the theme, whose making is a step of its own (after-styles.ts).
import { createTheme } from '@mui/material/styles';
import { nextTask } from './next-task.ts';

// A use of the import: material-ui declares itself free of side effects, so a bare import of it
// would be dropped from the build, and its modules evaluated in the next step instead.
void createTheme;
await nextTask();
