/**
 * A queue that runs the tasks given to it one after another, in the order given; a task that
 * fails does not stop the ones after it. Its caller gets each task's own result or failure.
 */
export function serialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = last.then(task);
    last = run.catch(() => undefined);
    return run;
  };
}
