type Post = (run: () => void) => void;
/** A creation; `deferred` when it runs in a later task than the one that asked for it. */
type Work = (deferred: boolean) => void;

/** Runs `run` in a task of its own: a message to a channel, which unlike `setTimeout` is never clamped. */
export const postTask: Post = (run) => {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(run, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
};

/**
 * Runs widget creations at most one per task. The first in a task runs at once; the others wait for tasks
 * of their own. Eight charts of a dashboard whose library arrives at once would otherwise be created and
 * drawn in one long task (about 300 ms on a mobile CPU), blocking input and counted whole as blocking time;
 * one at a time, the browser can answer input and paint between them.
 */
export function createOneWidgetPerTask(post: Post = postTask): (work: Work) => void {
  const waiting: Work[] = [];
  let ranThisTask = false;
  const next = () => {
    const work = waiting.shift();
    ranThisTask = work !== undefined;
    if (!work) return;
    post(next);
    work(true);
  };
  return (work) => {
    if (ranThisTask) {
      waiting.push(work);
      return;
    }
    ranThisTask = true;
    post(next);
    work(false);
  };
}

/** The page's one queue: every widget of every panel on the page takes its turn in it. */
export const oneWidgetPerTask = createOneWidgetPerTask();
