/**
 * The timers an engine runs on: the ones it was given (tests pass hand-moved ones), else the
 * global `setTimeout`/`clearTimeout`.
 */
export interface TimerDeps {
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface Timers {
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

export function timersOf(deps: TimerDeps): Timers {
  return {
    setTimer: deps.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms)),
    clearTimer:
      deps.clearTimeout ??
      ((handle) => {
        globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>);
      }),
  };
}
