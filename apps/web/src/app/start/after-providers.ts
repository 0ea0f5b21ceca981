// The app's start, step 5 done: the app's tree above the router and the contracts it uses.
import '../app-root.tsx';
import { nextTask } from './next-task.ts';

await nextTask();
