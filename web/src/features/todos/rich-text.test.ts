import { describe, expect, it } from 'vitest';

import { hasText, safeRichText, shownRichText } from './rich-text';

describe('a description shown as rich text', () => {
  it('keeps formatting and drops scripts, attributes and other elements', () => {
    expect(
      safeRichText('<p>Map <strong>the</strong> <em>desert</em></p><ul><li>one</li></ul>'),
    ).toBe('<p>Map <strong>the</strong> <em>desert</em></p><ul><li>one</li></ul>');
    expect(
      safeRichText(
        '<p onclick="x()" style="color:red">Hi<img src=x onerror="alert(1)"><script>alert(2)</script></p><a href="javascript:1">link</a>',
      ),
    ).toBe('<p>Hi</p>link');
    expect(safeRichText(null)).toBe('');
  });

  it('tells an empty editor from a description', () => {
    expect(hasText('<p></p>')).toBe(false);
    expect(hasText(' ')).toBe(false);
    expect(hasText('<p>Call</p>')).toBe(true);
  });

  it('gives a block its safe HTML, or nothing for a description without text', () => {
    expect(shownRichText('<p><b onclick="x()">Call</b> the <script>x()</script>keeper</p>')).toBe(
      '<p><b>Call</b> the keeper</p>',
    );
    expect(shownRichText('<p><em> </em></p>')).toBeNull();
    expect(shownRichText('<p><script>alert(1)</script></p>')).toBeNull();
    expect(shownRichText(undefined)).toBeNull();
  });
});
