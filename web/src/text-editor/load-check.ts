/**
 * Whether a chapter's stored text can be shown without changing it. The Yjs binding deletes
 * from the shared document any element or text it cannot turn into the schema's nodes; bound
 * to a chapter written by a newer or broken client, that would silently overwrite the stored
 * text. So the content is first converted, read-only, the way the binding converts it
 * (y-tiptap's `createNodeFromYElement` / `createTextNodesFromYText`): where the binding would
 * delete (a node or mark the schema does not know, attributes it refuses), or the result is not
 * a valid document, the chapter is not bound and an error is shown instead.
 *
 * It reads the document in place: converting a copy of the whole document (encode, apply,
 * convert) would make every open of a long chapter noticeably slower.
 */
import { getSchema } from '@tiptap/core';
import type { AnyExtension } from '@tiptap/core';
import type { Mark, Node, Schema } from '@tiptap/pm/model';
import * as Y from 'yjs';

export type LoadCheck = { ok: true } | { ok: false; reason: string };

/** Thrown where the binding would delete what it could not convert. */
class Unconvertible extends Error {}

/** y-tiptap keeps overlapping marks under `name--hash`; the mark's name is before the hash. */
const HASHED_MARK_NAME = /(.*)(--[a-zA-Z0-9+/=]{8})$/;

function marksOf(attributes: Record<string, unknown> | undefined, schema: Schema): Mark[] {
  const marks: Mark[] = [];
  for (const name in attributes) {
    const markName = HASHED_MARK_NAME.exec(name)?.[1] ?? name;
    marks.push(schema.mark(markName, attributes[name] as Record<string, unknown> | null));
  }
  return marks;
}

function textNodes(text: Y.XmlText, schema: Schema): Node[] {
  const deltas = text.toDelta() as { insert: unknown; attributes?: Record<string, unknown> }[];
  try {
    return deltas.map((delta) => {
      if (typeof delta.insert !== 'string') throw new Unconvertible('an embed inside text');
      return schema.text(delta.insert, marksOf(delta.attributes, schema));
    });
  } catch (error) {
    throw new Unconvertible(`text: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function elementNode(element: Y.XmlElement, schema: Schema): Node {
  const children: Node[] = [];
  for (const child of element.toArray()) {
    if (child instanceof Y.XmlElement) children.push(elementNode(child, schema));
    else if (child instanceof Y.XmlText) children.push(...textNodes(child, schema));
    else throw new Unconvertible('a hook inside an element');
  }
  try {
    return schema.node(element.nodeName, element.getAttributes(), children);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Unconvertible(`<${element.nodeName}>: ${why}`);
  }
}

export function checkChapterContent(
  doc: Y.Doc,
  fragment: Y.XmlFragment,
  extensions: AnyExtension[],
): LoadCheck {
  if (!isRootOf(doc, fragment))
    return { ok: false, reason: 'the fragment is not a root type of the document' };
  if (fragment.length === 0) return { ok: true };
  try {
    const schema = getSchema(extensions);
    const blocks = fragment.toArray().map((child) => {
      if (!(child instanceof Y.XmlElement)) throw new Unconvertible('text outside any block');
      return elementNode(child, schema);
    });
    schema.topNodeType.create(null, blocks).check();
    return { ok: true };
  } catch (error) {
    if (error instanceof Unconvertible)
      return { ok: false, reason: `content outside the editor schema (${error.message})` };
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

function isRootOf(doc: Y.Doc, fragment: Y.XmlFragment): boolean {
  for (const type of doc.share.values()) {
    if ((type as unknown) === fragment) return true;
  }
  return false;
}
