/**
 * A task's description is rich text (HTML) written on any device: before it is shown it is
 * rebuilt from a short list of formatting elements, with every attribute dropped, so nothing
 * in it can run or load.
 */

/** The elements a description keeps; any other element keeps only its text. */
const KEPT = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'UL', 'OL', 'LI', 'CODE']);
/** Elements whose content is never text a reader sees. */
const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT']);

function rebuild(from: Node, into: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
    } else if (child instanceof Element) {
      if (DROPPED.has(child.tagName)) continue;
      if (KEPT.has(child.tagName)) {
        const copy = doc.createElement(child.tagName.toLowerCase());
        rebuild(child, copy, doc);
        into.appendChild(copy);
      } else {
        rebuild(child, into, doc);
      }
    }
  }
}

/** The document descriptions are rebuilt in (made once: making one costs more than a rebuild). */
let scratch: Document | null = null;

/** The description rebuilt with only the kept elements and no attributes, in a detached div. */
function rebuilt(html: string): HTMLDivElement {
  const source = new DOMParser().parseFromString(html, 'text/html');
  scratch ??= document.implementation.createHTMLDocument('');
  const root = scratch.createElement('div');
  rebuild(source.body, root, scratch);
  return root;
}

/** The description's HTML with only the kept elements and no attributes. */
export function safeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return rebuilt(html).innerHTML;
}

/** Whether the description holds any text (an empty editor gives `<p></p>`). */
export function hasText(html: string | null | undefined): boolean {
  if (!html) return false;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent.trim() !== '';
}

/**
 * What a task block shows of a description: its safe HTML, or null when it holds no text. One
 * parse, where `hasText` and `safeRichText` together take two.
 */
export function shownRichText(html: string | null | undefined): string | null {
  if (!html) return null;
  const root = rebuilt(html);
  return root.textContent.trim() === '' ? null : root.innerHTML;
}
