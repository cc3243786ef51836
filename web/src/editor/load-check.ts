/**
 * Whether a chapter's stored text can be shown without changing it. The Yjs binding deletes
 * from the shared document any element or text it cannot turn into the schema's nodes; bound
 * to a chapter written by a newer or broken client, that would silently overwrite the stored
 * text. So the content is first converted on a throw-away copy: if the copy changes (or the
 * result is not a valid document), the chapter is not bound and an error is shown instead.
 */
import { getSchema } from '@tiptap/core';
import type { AnyExtension } from '@tiptap/core';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import * as Y from 'yjs';

export type LoadCheck = { ok: true } | { ok: false; reason: string };

export function checkChapterContent(
  doc: Y.Doc,
  fragment: Y.XmlFragment,
  extensions: AnyExtension[],
): LoadCheck {
  const name = fragmentName(doc, fragment);
  if (name === null)
    return { ok: false, reason: 'the fragment is not a root type of the document' };
  const copy = new Y.Doc({ gc: false });
  try {
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    const copied = copy.getXmlFragment(name);
    if (copied.length === 0) return { ok: true };
    const changes = { count: 0 };
    copy.on('update', () => {
      changes.count += 1;
    });
    const root = yXmlFragmentToProseMirrorRootNode(copied, getSchema(extensions));
    if (changes.count > 0) return { ok: false, reason: 'content outside the editor schema' };
    root.check();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    copy.destroy();
  }
}

function fragmentName(doc: Y.Doc, fragment: Y.XmlFragment): string | null {
  for (const [key, type] of doc.share) {
    if ((type as unknown) === fragment) return key;
  }
  return null;
}
