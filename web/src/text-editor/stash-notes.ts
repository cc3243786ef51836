/**
 * What a stash carries beside its text: the bodies of its footnotes (written into the stash's
 * HTML at the cut) and its comment anchors, and how both come back into the chapter.
 *
 * Footnotes: each reference in a stash carries its body in `data-footnote-body`
 * (`<sup data-type="footnote" data-id="…" data-footnote-body="…">`), so the stash keeps the
 * footnote whole even if the chapter's body is gone by the time it comes back; a list's preview
 * drops it with the tag. On bring-back every reference gets a new id and a body of its own,
 * copied from the stash (a stash kept before bodies were carried: from the chapter's body of the
 * old id, if there still is one), so bringing one stash back twice makes two footnotes, never
 * two references to one body.
 *
 * Comments: a thread has one anchor. On bring-back, a comment mark comes back only when its
 * thread still exists and is anchored nowhere else in the chapter (its anchor left with the
 * cut); a thread anchored elsewhere (the same stash brought back before, or text anchored again)
 * keeps that anchor and the stash's copy of the mark is dropped, and a deleted thread's mark is
 * dropped too (deleting a thread removes its anchors). The text under a dropped mark stays.
 */
import type { Fragment, Node as PmNode, Schema } from '@tiptap/pm/model';
import { DOMSerializer } from '@tiptap/pm/model';

import type { CommentsStore } from './comments-store';
import type { FootnotesStore } from './footnotes-store';

/** The attribute of a stash's footnote reference that holds the footnote's body. */
export const FOOTNOTE_BODY_ATTRIBUTE = 'data-footnote-body';

const FOOTNOTE_REFERENCE = 'sup[data-type="footnote"][data-id]';
const COMMENT_ANCHOR = 'span[data-comment-id]';

/** The chapter a stash is cut from and brought back into: its footnote bodies and threads. */
export interface StashChapter {
  footnotes: FootnotesStore;
  comments: CommentsStore;
}

/** `fragment` as a stash's HTML, each footnote reference carrying its body (`bodyOf` its id). */
export function stashHtmlOf(
  fragment: Fragment,
  schema: Schema,
  bodyOf: (id: string) => string,
): string {
  const container = document.implementation.createHTMLDocument().createElement('div');
  container.appendChild(DOMSerializer.fromSchema(schema).serializeFragment(fragment));
  for (const reference of container.querySelectorAll(FOOTNOTE_REFERENCE)) {
    const id = reference.getAttribute('data-id') ?? '';
    reference.setAttribute(FOOTNOTE_BODY_ATTRIBUTE, bodyOf(id));
  }
  return container.innerHTML;
}

/** The ids of the comment threads anchored in `doc` outside `from`..`to` (the text replaced). */
export function commentAnchorsOutside(doc: PmNode, from: number, to: number): Set<string> {
  const ids = new Set<string>();
  doc.descendants((node, pos) => {
    if (!node.isText) return true;
    const inside = pos >= from && pos + node.nodeSize <= to;
    if (inside) return false;
    for (const mark of node.marks) {
      if (mark.type.name === 'comment' && typeof mark.attrs.id === 'string') ids.add(mark.attrs.id);
    }
    return false;
  });
  return ids;
}

/** A stash ready to go back: its HTML with new footnote ids, and the bodies made for them. */
export interface StashForInsert {
  html: string;
  /** The footnote ids created (removed again if the insert does not happen). */
  footnoteIds: string[];
}

/**
 * Rewrites a stash's HTML for bring-back (see the module comment): new footnote ids with bodies
 * created in one Yjs transaction, and the comment marks whose thread is in `anchored` (anchored
 * elsewhere) or no longer exists unwrapped.
 */
export function stashForInsert(
  html: string,
  chapter: StashChapter,
  anchored: ReadonlySet<string>,
): StashForInsert {
  const template = document.createElement('template');
  template.innerHTML = html;
  const { content } = template;
  const references = Array.from(content.querySelectorAll(FOOTNOTE_REFERENCE));
  const bodies = references.map((reference) => {
    const carried = reference.getAttribute(FOOTNOTE_BODY_ATTRIBUTE);
    if (carried !== null) return carried;
    const old = reference.getAttribute('data-id') ?? '';
    return chapter.footnotes.text(old) ? chapter.footnotes.body(old) : '';
  });
  const footnoteIds = references.length > 0 ? chapter.footnotes.createAll(bodies) : [];
  references.forEach((reference, index) => {
    reference.setAttribute('data-id', footnoteIds[index] ?? '');
    reference.removeAttribute(FOOTNOTE_BODY_ATTRIBUTE);
  });
  for (const span of content.querySelectorAll(COMMENT_ANCHOR)) {
    const id = span.getAttribute('data-comment-id') ?? '';
    if (anchored.has(id) || chapter.comments.get(id) === null) span.replaceWith(...span.childNodes);
  }
  return { html: template.innerHTML, footnoteIds };
}
