/**
 * Runs `callback` in a task after the next frame is painted (a rAF, then a timeout): work that
 * must not delay what the writer sees, such as what follows a keystroke or an open. Returns a
 * function that cancels it if it has not run.
 */
export function afterPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
