/**
 * Settles in a later task: what runs after an `await` of it starts a new task, so the browser
 * can paint and answer a tap in between. A slow phone counts every task over 50 ms as time in
 * which the page cannot answer; the app's start is cut into tasks shorter than that here.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
