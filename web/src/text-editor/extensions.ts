/**
 * The chapter editor's schema and behaviour: `createChapterExtensions(options)` is the one list
 * every chapter editor (and every test) uses, so the document shape is decided in one place.
 */
import type { AnyExtension } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';
import type * as Y from 'yjs';

import { CaretBlock } from './extensions/caret-block';
import { CaretInView } from './extensions/caret-in-view';
import { CommentMark } from './extensions/comment-mark';
import { FindReplace } from './extensions/find-replace';
import { FootnoteNode } from './extensions/footnote-node';
import { MentionNode, type MentionFocus } from './extensions/mention-node';
import { MentionSuggest, type MentionSuggestView } from './extensions/mention-suggest';
import { PageBreak } from './extensions/page-break';
import { SmallCaps } from './extensions/small-caps';
import { SmartQuotes } from './extensions/smart-quotes';
import { MENTION_ORIGIN } from './mention-convert';
import { NO_MENTIONS, type MentionDirectory } from './mention-directory';
import { StashShortcut } from './stash';

export const HEADING_LEVELS = [1, 2, 3, 4, 5] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

export interface ChapterExtensionsOptions {
  /** The chapter's text (`handle.fragment`): the editor's only source and destination. */
  fragment: Y.XmlFragment;
  /** Whether smart quotes apply now (the manuscript's `format.typography.smartQuotes`). */
  smartQuotes?: () => boolean;
  /** Mod-f / Mod-h inside the editor: open the find (or replace) panel. */
  onOpenFind?: (replace: boolean) => void;
  /** Mod-Shift-x with text selected in an editable editor: move it to the chapter's stash. */
  onMoveToStash?: () => void;
  /** The manuscript's story elements: what mentions draw and the suggestion offers. */
  mentions?: MentionDirectory;
  /** A mention clicked (or Enter on a selected one): open element `id`. */
  onOpenMention?: (id: string) => void;
  /** The mention hovered or selected, for its card (null: none). */
  onMentionFocus?: (focus: MentionFocus | null) => void;
  /** The mention suggestion to draw (null: closed). */
  onMentionSuggest?: (view: MentionSuggestView | null) => void;
}

/**
 * TipTap's core extensions as every chapter editor has them: without `delete`, whose only work is
 * to emit 'delete' events (nothing here listens) and which recomputes the changed ranges of
 * every transaction in a timer task right after it — between a keystroke and the frame that
 * shows it, where any work delays the key on screen.
 */
export const CHAPTER_CORE_EXTENSIONS = { delete: false } as const;

/**
 * - StarterKit without its own history (`undoRedo: false`): undo is the Collaboration
 *   extension's Yjs undo, which only reverts this device's edits; and without `trailingNode`,
 *   which would write a paragraph into a document merely opened (also read-only ones).
 * - Links are added from the toolbar (no autolinking work per keystroke), never opened on click.
 * - `CaretInView` spares ProseMirror's measuring walk up the page when the caret is already
 *   visible after a keystroke.
 * - `CaretBlock` marks the block holding the caret, which the stylesheet keeps laid out.
 * - What an imported Word file brings: block images (`src`, `alt`, `title`), simple tables
 *   (not resizable: no column-resizing plugin at work) and the `smallCaps` mark.
 * - Mentions of story elements; names turned into mentions outside the editor
 *   (`mention-convert.ts`, origin `MENTION_ORIGIN`) are one undo step here too.
 */
export function createChapterExtensions(options: ChapterExtensionsOptions): AnyExtension[] {
  return [
    StarterKit.configure({
      undoRedo: false,
      trailingNode: false,
      heading: { levels: [...HEADING_LEVELS] },
      link: { openOnClick: false, autolink: false, defaultProtocol: 'https' },
    }),
    TextStyle,
    FontFamily,
    FontSize,
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    PageBreak,
    SmallCaps,
    Image.configure({ inline: false, allowBase64: false }),
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    CommentMark,
    FootnoteNode,
    MentionNode.configure({
      directory: options.mentions ?? NO_MENTIONS,
      onOpen: options.onOpenMention ?? null,
      onFocus: options.onMentionFocus ?? null,
    }),
    MentionSuggest.configure({
      directory: options.mentions ?? NO_MENTIONS,
      onChange: options.onMentionSuggest ?? null,
    }),
    FindReplace.configure({ onOpen: options.onOpenFind ?? null }),
    StashShortcut.configure({ onMove: options.onMoveToStash ?? null }),
    SmartQuotes.configure({ isEnabled: options.smartQuotes ?? (() => true) }),
    CaretInView,
    CaretBlock,
    Collaboration.configure({
      fragment: options.fragment,
      yUndoOptions: { trackedOrigins: [MENTION_ORIGIN] },
    }),
  ];
}
