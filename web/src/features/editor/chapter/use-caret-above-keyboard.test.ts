import { describe, expect, it } from 'vitest';

import { CARET_CLEARANCE_PX, scrollToShowCaret } from './use-caret-above-keyboard';

describe('keeping the caret above the keyboard', () => {
  // A 390×844 phone with a 340-pixel keyboard open: the writer sees 0–504.
  const band = { top: 0, bottom: 504 };

  it('scrolls a caret under the keyboard up to the clearance above it', () => {
    expect(scrollToShowCaret({ top: 700, bottom: 722 }, band)).toBe(
      722 - (504 - CARET_CLEARANCE_PX),
    );
  });

  it('leaves a caret in sight where it is', () => {
    expect(scrollToShowCaret({ top: 300, bottom: 322 }, band)).toBe(0);
    expect(scrollToShowCaret({ top: 458, bottom: 480 }, band)).toBe(0);
  });

  it('scrolls a caret above the visible part down into it', () => {
    expect(scrollToShowCaret({ top: -40, bottom: -18 }, { top: 60, bottom: 504 })).toBe(
      -40 - (60 + CARET_CLEARANCE_PX),
    );
  });
});
