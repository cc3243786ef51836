// The in-page instrumentation, installed with `addInitScript` before any of the page's own
// scripts. Everything it records is in `window.__bench`; the harness reads it afterwards.
//
// Per keystroke (while `__bench.armed`):
//   down     keydown's event.timeStamp (when the browser took the key; the start of everything)
//   input    performance.now() in the first `input` event after that keydown (capture phase,
//            before the page's handlers): the DOM is about to change. No `input` (the page
//            handled the key itself) → the keyup stands in (`via: 'keyup'`).
//   frame    a rAF callback scheduled from that input: it runs in the next frame, whose
//            rendering shows the change. It sets the mark `qb:f:<i>` (the trace finds the frame's
//            task by it) and posts a MessageChannel message; the message runs as soon as that
//            frame's main-thread work (rAF, style, layout, paint) is over: `end`.
//   The keydown sets the mark `qb:k:<i>` (maps performance.now() onto the trace clock).
//
// Event Timing: every `event` entry of 16 ms or more (the API's smallest threshold).
// Open: the first mutation after which the editable root's (`config.root`, by default
// `.ProseMirror`) last block starts with `config.lastParagraph`, and the end of the frame that
// shows it (same rAF + message, which also sets the mark `qb:open` for the trace).
export function probe(config) {
  const bench = {
    armed: false,
    keys: [],
    events: [],
    loaf: [],
    open: null,
  };
  window.__bench = bench;

  const channel = new MessageChannel();
  let waiting = [];
  channel.port1.onmessage = () => {
    const now = performance.now();
    const callbacks = waiting;
    waiting = [];
    for (const callback of callbacks) callback(now);
  };
  /** `done(rafTime, end)`: rAF in the next frame, then the first task after that frame. */
  const afterNextFrame = (onFrame, done) =>
    requestAnimationFrame(() => {
      const raf = performance.now();
      onFrame();
      waiting.push((end) => done(raf, end));
      channel.port2.postMessage(0);
    });

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        bench.events.push({
          name: e.name,
          startTime: e.startTime,
          duration: e.duration,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
          interactionId: e.interactionId,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {
    bench.eventTimingUnsupported = true;
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        bench.loaf.push({
          startTime: e.startTime,
          duration: e.duration,
          blockingDuration: e.blockingDuration,
          renderStart: e.renderStart,
          styleAndLayoutStart: e.styleAndLayoutStart,
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    bench.loafUnsupported = true;
  }

  let current = null;
  const scheduleFrame = (key, via) => {
    key.input = performance.now();
    key.via = via;
    afterNextFrame(
      () => performance.mark(`qb:f:${key.i}`),
      (raf, end) => {
        key.raf = raf;
        key.end = end;
      },
    );
  };
  addEventListener(
    'keydown',
    (event) => {
      if (!bench.armed) return;
      current = { i: bench.keys.length, key: event.key, down: event.timeStamp, input: null };
      bench.keys.push(current);
      current.markAt = performance.mark(`qb:k:${current.i}`).startTime;
    },
    true,
  );
  addEventListener(
    'input',
    () => {
      if (current && current.input === null) scheduleFrame(current, 'input');
    },
    true,
  );
  addEventListener(
    'keyup',
    () => {
      if (current && current.input === null) scheduleFrame(current, 'keyup');
    },
    true,
  );

  if (config && config.lastParagraph) {
    const shows = () => {
      const root = document.querySelector(config.root || '.ProseMirror');
      if (!root) return false;
      for (let node = root.lastElementChild, n = 0; node && n < 3; node = node.previousElementSibling, n += 1) {
        if ((node.textContent || '').startsWith(config.lastParagraph)) return true;
      }
      return false;
    };
    const observer = new MutationObserver(() => {
      if (bench.editorAt === undefined && document.querySelector(config.root || '.ProseMirror')) bench.editorAt = performance.now();
      if (bench.open || !shows()) return;
      observer.disconnect();
      bench.open = { dom: performance.now(), editorAt: bench.editorAt };
      afterNextFrame(
        () => {},
        (raf, end) => {
          bench.open.raf = raf;
          bench.open.end = end;
          bench.open.markAt = performance.mark('qb:open').startTime;
          const marks = performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]);
          bench.open.marks = marks;
          const nav = performance.getEntriesByType('navigation')[0];
          if (nav) bench.open.nav = { workerStart: nav.workerStart, requestStart: nav.requestStart, responseStart: nav.responseStart, responseEnd: nav.responseEnd, domContentLoaded: nav.domContentLoadedEventEnd };
        },
      );
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  }
}
