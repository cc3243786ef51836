/**
 * The editor's commands as data, so no component owns them: toolbars, the floating toolbar and
 * shortcuts' tooltips read the same objects. `labelKey` is an i18n key; `shortcut` uses `Mod`
 * for Ctrl/Cmd. Each `isActive`/`isEnabled` is a cheap look at the selection, fit for
 * `useEditorState` selectors.
 */
import type { Editor } from '@tiptap/core';

import { DEFAULT_FONT_FAMILY, DEFAULT_FONT_SIZES, pointSize, pointsFrom } from './defaults';
import { HEADING_LEVELS, type HeadingLevel } from './extensions';

// The link fields' rule is the app's, shared with the research board's links.
export { normalizeLink } from '@/lib/links';

type Alignment = 'left' | 'center' | 'right' | 'justify';
type MarkName = 'bold' | 'italic' | 'underline' | 'strike' | 'smallCaps';

export type ChapterCommandId =
  | MarkName
  | 'undo'
  | 'redo'
  | 'paragraph'
  | `heading${HeadingLevel}`
  | 'bulletList'
  | 'orderedList'
  | 'blockquote'
  | `align${Capitalize<Alignment>}`
  | 'horizontalRule'
  | 'pageBreak';

export interface ChapterCommand {
  id: ChapterCommandId;
  /** An i18n key. */
  labelKey: `chapter_editor.commands.${ChapterCommandId}`;
  shortcut?: string;
  isActive: (editor: Editor) => boolean;
  isEnabled: (editor: Editor) => boolean;
  run: (editor: Editor) => boolean;
}

const writable = (editor: Editor) => editor.isEditable;

function mark(id: MarkName, shortcut: string): ChapterCommand {
  return {
    id,
    labelKey: `chapter_editor.commands.${id}`,
    shortcut,
    isActive: (editor) => editor.isActive(id),
    isEnabled: (editor) => writable(editor) && editor.can().toggleMark(id),
    run: (editor) => editor.chain().focus().toggleMark(id).run(),
  };
}

function heading(level: HeadingLevel): ChapterCommand {
  return {
    id: `heading${level}`,
    labelKey: `chapter_editor.commands.heading${level}`,
    shortcut: `Mod-Alt-${String(level)}`,
    isActive: (editor) => editor.isActive('heading', { level }),
    isEnabled: writable,
    run: (editor) => editor.chain().focus().toggleHeading({ level }).run(),
  };
}

const ALIGN_IDS = {
  left: 'alignLeft',
  center: 'alignCenter',
  right: 'alignRight',
  justify: 'alignJustify',
} as const satisfies Record<Alignment, ChapterCommandId>;

function align(alignment: Alignment, shortcut: string): ChapterCommand {
  const id = ALIGN_IDS[alignment];
  return {
    id,
    labelKey: `chapter_editor.commands.${id}`,
    shortcut,
    isActive: (editor) => editor.isActive({ textAlign: alignment }),
    isEnabled: writable,
    run: (editor) => editor.chain().focus().setTextAlign(alignment).run(),
  };
}

export const markCommands: ChapterCommand[] = [
  mark('bold', 'Mod-b'),
  mark('italic', 'Mod-i'),
  mark('underline', 'Mod-u'),
  mark('strike', 'Mod-Shift-s'),
  mark('smallCaps', 'Mod-Shift-k'),
];

export const paragraphCommand: ChapterCommand = {
  id: 'paragraph',
  labelKey: 'chapter_editor.commands.paragraph',
  shortcut: 'Mod-Alt-0',
  isActive: (editor) => editor.isActive('paragraph'),
  isEnabled: writable,
  run: (editor) => editor.chain().focus().setParagraph().run(),
};

export const headingCommands: ChapterCommand[] = HEADING_LEVELS.map(heading);

export const blockCommands: ChapterCommand[] = [
  {
    id: 'bulletList',
    labelKey: 'chapter_editor.commands.bulletList',
    shortcut: 'Mod-Shift-8',
    isActive: (editor) => editor.isActive('bulletList'),
    isEnabled: writable,
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    id: 'orderedList',
    labelKey: 'chapter_editor.commands.orderedList',
    shortcut: 'Mod-Shift-7',
    isActive: (editor) => editor.isActive('orderedList'),
    isEnabled: writable,
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  {
    id: 'blockquote',
    labelKey: 'chapter_editor.commands.blockquote',
    shortcut: 'Mod-Shift-b',
    isActive: (editor) => editor.isActive('blockquote'),
    isEnabled: writable,
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
];

export const alignCommands: ChapterCommand[] = [
  align('left', 'Mod-Shift-l'),
  align('center', 'Mod-Shift-e'),
  align('right', 'Mod-Shift-r'),
  align('justify', 'Mod-Shift-j'),
];

/** The scene break is the `horizontalRule` node, drawn as a centred ornament. */
export const insertCommands: ChapterCommand[] = [
  {
    id: 'horizontalRule',
    labelKey: 'chapter_editor.commands.horizontalRule',
    isActive: () => false,
    isEnabled: writable,
    run: (editor) => editor.chain().focus().setHorizontalRule().run(),
  },
  {
    id: 'pageBreak',
    labelKey: 'chapter_editor.commands.pageBreak',
    shortcut: 'Mod-Enter',
    isActive: () => false,
    isEnabled: writable,
    run: (editor) => editor.chain().focus().setPageBreak().run(),
  },
];

export const historyCommands: ChapterCommand[] = [
  {
    id: 'undo',
    labelKey: 'chapter_editor.commands.undo',
    shortcut: 'Mod-z',
    isActive: () => false,
    isEnabled: (editor) => writable(editor) && editor.can().undo(),
    run: (editor) => editor.chain().focus().undo().run(),
  },
  {
    id: 'redo',
    labelKey: 'chapter_editor.commands.redo',
    shortcut: 'Mod-Shift-z',
    isActive: () => false,
    isEnabled: (editor) => writable(editor) && editor.can().redo(),
    run: (editor) => editor.chain().focus().redo().run(),
  },
];

/** Every command with an id, for look-ups (`commandById('bold')`). */
export const chapterCommands: ChapterCommand[] = [
  ...historyCommands,
  ...markCommands,
  paragraphCommand,
  ...headingCommands,
  ...blockCommands,
  ...alignCommands,
  ...insertCommands,
];

export function commandById(id: ChapterCommandId): ChapterCommand | undefined {
  return chapterCommands.find((command) => command.id === id);
}

/** The link at the selection (its href), or null. */
export function currentLink(editor: Editor): string | null {
  const href: unknown = editor.getAttributes('link').href;
  return typeof href === 'string' ? href : null;
}

/** Sets (or, with an empty `href`, removes) the link on the selection or the link under the caret. */
export function setLink(editor: Editor, href: string): boolean {
  const chain = editor.chain().focus().extendMarkRange('link');
  return href.trim() === '' ? chain.unsetLink().run() : chain.setLink({ href: href.trim() }).run();
}

export function setFontFamily(editor: Editor, family: string): boolean {
  return editor.chain().focus().setFontFamily(family).run();
}

export function setFontSize(editor: Editor, points: number): boolean {
  return editor.chain().focus().setFontSize(pointSize(points)).run();
}

/** The family at the selection: its text style, else the default. */
export function currentFontFamily(editor: Editor): string {
  const family: unknown = editor.getAttributes('textStyle').fontFamily;
  return typeof family === 'string' && family !== '' ? family : DEFAULT_FONT_FAMILY;
}

/** The size in points at the selection: its text style, else the block's default. */
export function currentFontSize(editor: Editor): number {
  const size: unknown = editor.getAttributes('textStyle').fontSize;
  const points = typeof size === 'string' ? pointsFrom(size) : null;
  if (points !== null) return points;
  for (const level of HEADING_LEVELS) {
    if (editor.isActive('heading', { level })) return DEFAULT_FONT_SIZES[`h${level}`];
  }
  return DEFAULT_FONT_SIZES.normal;
}
