type Waiter<Out> = { resolve: (output: Out) => void; reject: (error: unknown) => void };

/**
 * Gathers the calls made during one turn of the event loop and runs them as one batch when the
 * turn's I/O has been handled (setImmediate): under load the requests read from their sockets in
 * one turn then share one database round trip instead of taking one each, and a lone call waits
 * only for the end of its turn. Nothing is cached: every call is answered by a batch that started
 * after it was made.
 *
 * `run` gets the inputs in call order and answers one output per input, in the same order. A
 * batch that fails rejects each of its calls with the error; the next batch starts afresh.
 */
export function inTickBatches<In, Out>(
  run: (inputs: In[]) => Promise<Out[]>,
  maxSize = 100,
): (input: In) => Promise<Out> {
  let open: { inputs: In[]; waiters: Waiter<Out>[] } | null = null;

  const flush = (batch: NonNullable<typeof open>) => {
    if (open === batch) open = null;
    run(batch.inputs).then(
      (outputs) => {
        if (outputs.length !== batch.inputs.length) {
          const error = new Error(`batch answered ${outputs.length} of ${batch.inputs.length}`);
          for (const waiter of batch.waiters) waiter.reject(error);
          return;
        }
        batch.waiters.forEach((waiter, index) => waiter.resolve(outputs[index]!));
      },
      (error: unknown) => {
        for (const waiter of batch.waiters) waiter.reject(error);
      },
    );
  };

  return (input) => {
    if (!open) {
      const batch = { inputs: [] as In[], waiters: [] as Waiter<Out>[] };
      open = batch;
      setImmediate(() => {
        if (open === batch) flush(batch);
      });
    }
    const batch = open;
    const answer = new Promise<Out>((resolve, reject) => batch.waiters.push({ resolve, reject }));
    batch.inputs.push(input);
    // A full batch goes at once; the next call opens another.
    if (batch.inputs.length >= maxSize) flush(batch);
    return answer;
  };
}
