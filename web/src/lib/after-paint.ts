/**
 * Runs `callback` in a task after the next frame is painted (a rAF, then a timeout): work that
 * must not delay what the writer sees, such as what follows a keystroke or an open. With
 * `frames` > 1, after that many frames (work that should not even share the task after the
 * first frame with what measures or follows it). Returns a function that cancels it if it has
 * not run.
 */
export function afterPaint(callback: () => void, frames = 1): () => void {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = (left: number) => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (left > 1) wait(left - 1);
        else callback();
      }, 0);
    });
  };
  wait(frames);
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * `afterPaint`, or after `timeoutMs` if no frame is painted by then (a hidden tab paints none):
 * for work that must happen soon but not between a keystroke and the frame that shows it.
 * Runs `callback` once; returns a function that cancels it if it has not run.
 */
export function afterPaintOr(callback: () => void, timeoutMs: number): () => void {
  let done = false;
  const cancel = () => {
    done = true;
    cancelPaint();
    clearTimeout(fallback);
  };
  const once = () => {
    if (done) return;
    cancel();
    callback();
  };
  const cancelPaint = afterPaint(once);
  const fallback = setTimeout(once, timeoutMs);
  return cancel;
}
