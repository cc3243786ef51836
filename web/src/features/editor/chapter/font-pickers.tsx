import { Select } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';

import {
  commandById,
  FONT_FAMILIES,
  FONT_SIZES_PT,
  HEADING_LEVELS,
  setFontFamily,
  setFontSize,
} from '@/text-editor';

import type { BlockStyle, ToolbarState } from './toolbar-state';

/**
 * Mantine keeps a closed Select's options (and their ScrollArea) mounted, hidden: every
 * render of the toolbar rendered them all, and the open measured their scrollbars. Here they
 * mount when the list opens.
 */
const DROPDOWN = { withinPortal: true, keepMounted: false } as const;

export const BLOCK_STYLES: BlockStyle[] = [
  'paragraph',
  ...HEADING_LEVELS.map((l) => `heading${l}` as const),
];

/** Normal text or a heading level, for the block at the caret. */
export function BlockStylePicker(props: { editor: Editor; state: ToolbarState }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('chapter_editor.text_style')}
      size="xs"
      w={130}
      allowDeselect={false}
      disabled={!props.state.editable}
      data={BLOCK_STYLES.map((style) => ({
        value: style,
        label: t(`chapter_editor.commands.${style}`),
      }))}
      value={props.state.blockStyle}
      onChange={(value) => {
        const command = value ? commandById(value) : undefined;
        command?.run(props.editor);
      }}
      comboboxProps={DROPDOWN}
    />
  );
}

/** The families offered: the usual ones, and the one at the caret if it is another. */
export function familyChoices(current: string): string[] {
  const families: string[] = [...FONT_FAMILIES];
  if (!families.includes(current)) families.push(current);
  return families;
}

/** The sizes offered (points, ascending): the usual ones, and the one at the caret. */
export function sizeChoices(current: number): number[] {
  const sizes: number[] = [...FONT_SIZES_PT];
  if (!sizes.includes(current)) sizes.push(current);
  return sizes.sort((a, b) => a - b);
}

/** A font family as offered: each word capitalised. */
export function familyLabel(family: string): string {
  return family.replace(/\b\w/g, (c) => c.toUpperCase());
}

export function FontFamilyPicker(props: { editor: Editor; state: ToolbarState }) {
  const { t } = useTranslation();
  const families = familyChoices(props.state.fontFamily);
  return (
    <Select
      aria-label={t('chapter_editor.font_family')}
      size="xs"
      w={150}
      allowDeselect={false}
      disabled={!props.state.editable}
      data={families.map((family) => ({
        value: family,
        label: familyLabel(family),
      }))}
      value={props.state.fontFamily}
      onChange={(value) => {
        if (value) setFontFamily(props.editor, value);
      }}
      renderOption={({ option }) => (
        <span style={{ fontFamily: option.value }}>{option.label}</span>
      )}
      comboboxProps={DROPDOWN}
    />
  );
}

export function FontSizePicker(props: { editor: Editor; state: ToolbarState }) {
  const { t } = useTranslation();
  const sizes = sizeChoices(props.state.fontSize);
  return (
    <Select
      aria-label={t('chapter_editor.font_size')}
      size="xs"
      w={72}
      allowDeselect={false}
      disabled={!props.state.editable}
      data={sizes.map((size) => String(size))}
      value={String(props.state.fontSize)}
      onChange={(value) => {
        const points = Number(value);
        if (value && Number.isFinite(points)) setFontSize(props.editor, points);
      }}
      comboboxProps={DROPDOWN}
    />
  );
}
