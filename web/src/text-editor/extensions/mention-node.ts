/**
 * The `mention` node: an inline atom bound to a story element (`id`), with `label`, the text as
 * written when it was made. It draws the element's current name and colour from the directory
 * (so renames follow everywhere), or the label as plain text once the element is gone.
 */
import { mergeAttributes, Node } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

import { MENTION } from '../mention-convert';
import { mentionText, NO_MENTIONS, type MentionDirectory } from '../mention-directory';
import { DATA_ID_ATTRIBUTE } from './data-id';

/** A mention being pointed at or selected, and where it is on screen. */
export interface MentionFocus {
  id: string;
  anchor: { left: number; top: number; bottom: number };
}

export interface MentionNodeOptions {
  directory: MentionDirectory;
  /** A click on a mention, or Enter while one is selected. */
  onOpen: ((id: string) => void) | null;
  /** The mention hovered or selected changed (null: none). */
  onFocus: ((focus: MentionFocus | null) => void) | null;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    mention: {
      /** Puts a mention of element `id` (reading `label`) and a space over `range`. */
      insertMention: (
        attrs: { id: string; label: string },
        range?: { from: number; to: number },
      ) => ReturnType;
    };
  }
}

const mentionKey = new PluginKey('mention');

function attrsOf(node: PmNode): { id: string; label: string } {
  return { id: String(node.attrs.id ?? ''), label: String(node.attrs.label ?? '') };
}

export const MentionNode = Node.create<MentionNodeOptions>({
  name: MENTION,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  // The Yjs binding keeps no marks on inline nodes: none here either, so nothing is lost.
  marks: '',

  addOptions() {
    return { directory: NO_MENTIONS, onOpen: null, onFocus: null };
  },

  addAttributes() {
    return {
      id: DATA_ID_ATTRIBUTE,
      label: {
        default: '',
        parseHTML: (element: HTMLElement) =>
          element.getAttribute('data-label') ?? element.textContent,
        renderHTML: (attributes: { label?: string | null }) =>
          attributes.label ? { 'data-label': attributes.label } : {},
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-type="mention"]' }];
  },

  renderHTML({ node, HTMLAttributes }) {
    const { id, label } = attrsOf(node);
    return [
      'span',
      mergeAttributes(HTMLAttributes, { 'data-type': 'mention' }),
      mentionText(label, this.options.directory.get(id)),
    ];
  },

  renderText({ node }) {
    const { id, label } = attrsOf(node);
    return mentionText(label, this.options.directory.get(id));
  },

  addNodeView() {
    const { directory } = this.options;
    return ({ node: initial }) => {
      let node = initial;
      const dom = document.createElement('span');
      dom.setAttribute('data-type', 'mention');
      const draw = () => {
        const { id, label } = attrsOf(node);
        const element = directory.get(id);
        dom.setAttribute('data-id', id);
        // What the chapter holds (and the server reads), whatever name shows now.
        dom.setAttribute('data-label', label);
        dom.className = element ? 'mention' : 'mention mention-missing';
        dom.textContent = mentionText(label, element);
        if (element?.color) dom.style.setProperty('--mention-color', element.color);
        else dom.style.removeProperty('--mention-color');
      };
      draw();
      const unsubscribe = directory.subscribe(draw);
      return {
        dom,
        update(next) {
          if (next.type !== node.type) return false;
          node = next;
          draw();
          return true;
        },
        destroy: unsubscribe,
      };
    };
  },

  addCommands() {
    return {
      insertMention:
        (attrs, range) =>
        ({ state, chain }) => {
          const { from, to } = range ?? state.selection;
          return chain()
            .insertContentAt({ from, to }, [
              { type: this.name, attrs },
              { type: 'text', text: ' ' },
            ])
            .run();
        },
    };
  },

  addProseMirrorPlugins() {
    const { onOpen, onFocus } = this.options;
    const selected = (view: EditorView): { pos: number; node: PmNode } | null => {
      const { selection } = view.state;
      return selection instanceof NodeSelection && selection.node.type.name === MENTION
        ? { pos: selection.from, node: selection.node }
        : null;
    };
    const focusOf = (id: string, dom: Element): MentionFocus => {
      const rect = dom.getBoundingClientRect();
      return { id, anchor: { left: rect.left, top: rect.top, bottom: rect.bottom } };
    };
    let shown: string | null = null;
    const show = (focus: MentionFocus | null, key: string | null) => {
      if (key === shown) return;
      shown = key;
      onFocus?.(focus);
    };
    const showSelected = (view: EditorView) => {
      const mention = selected(view);
      const dom = mention ? view.nodeDOM(mention.pos) : null;
      if (mention && dom instanceof Element) {
        const { id } = attrsOf(mention.node);
        show(focusOf(id, dom), `selected:${mention.pos}`);
      } else if (shown?.startsWith('selected:')) show(null, null);
    };
    return [
      new Plugin({
        key: mentionKey,
        view: () => ({ update: showSelected, destroy: () => show(null, null) }),
        props: {
          handleClickOn(_view, _pos, node) {
            if (node.type.name !== MENTION || !onOpen) return false;
            onOpen(attrsOf(node).id);
            return true;
          },
          handleKeyDown(view, event) {
            const mention = selected(view);
            if (!mention || event.key !== 'Enter' || !onOpen) return false;
            onOpen(attrsOf(mention.node).id);
            return true;
          },
          handleDOMEvents: {
            mouseover(_view, event) {
              const target = event.target instanceof Element ? event.target : null;
              const dom = target?.closest('[data-type="mention"]');
              const id = dom?.getAttribute('data-id');
              if (dom && id) show(focusOf(id, dom), `hover:${id}`);
              return false;
            },
            mouseout(view, event) {
              const from = event.target instanceof Element ? event.target : null;
              if (from?.closest('[data-type="mention"]') && shown?.startsWith('hover:')) {
                show(null, null);
                showSelected(view);
              }
              return false;
            },
          },
        },
      }),
    ];
  },
});
