/**
 * A small rich-text field (paragraphs, bold, italic, bulleted and numbered lists) over an HTML
 * value, with a labelled toolbar: a task's description, a note's text. An empty field's value is
 * `''`; a change from elsewhere shows unless the writer is typing in it.
 */
import { ActionIcon, Box, Group, Input, Tooltip } from '@mantine/core';
import { IconBold, IconItalic, IconList, IconListNumbers } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import './rich-text-field.css';

export interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  readOnly?: boolean;
  /** The `data-testid` of the editable area. */
  testId?: string;
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet_list: e.isActive('bulletList'),
      ordered_list: e.isActive('orderedList'),
    }),
  });
  const tools = [
    { key: 'bold', icon: IconBold, run: () => editor.chain().focus().toggleBold().run() },
    { key: 'italic', icon: IconItalic, run: () => editor.chain().focus().toggleItalic().run() },
    {
      key: 'bullet_list',
      icon: IconList,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'ordered_list',
      icon: IconListNumbers,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
  ] as const;
  return (
    <Group gap={4} role="toolbar" aria-label={t('common.rich_text.toolbar')}>
      {tools.map(({ key, icon: Icon, run }) => (
        <Tooltip key={key} label={t(`common.rich_text.${key}`)}>
          <ActionIcon
            variant={state[key] ? 'filled' : 'subtle'}
            aria-label={t(`common.rich_text.${key}`)}
            aria-pressed={state[key]}
            onClick={run}
          >
            <Icon size={16} />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

export function RichTextField({
  label,
  value,
  onChange,
  onBlur,
  readOnly = false,
  testId,
}: RichTextFieldProps) {
  const labelId = useId();
  const latest = useRef({ onChange, onBlur });
  useEffect(() => {
    latest.current = { onChange, onBlur };
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        link: false,
      }),
    ],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(testId ? { 'data-testid': testId } : {}),
        class: 'quire-rich-text',
      },
    },
    onUpdate: ({ editor: changed }) => {
      latest.current.onChange(changed.isEmpty ? '' : changed.getHTML());
    },
    onBlur: () => {
      latest.current.onBlur?.();
    },
  });

  useEffect(() => {
    editor.setEditable(!readOnly);
  }, [editor, readOnly]);

  useEffect(() => {
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (!editor.isFocused && shown !== value) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <Box>
      <Input.Label id={labelId} onClick={() => editor.commands.focus()}>
        {label}
      </Input.Label>
      <Box
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        {!readOnly && (
          <Box
            px="xs"
            py={4}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Toolbar editor={editor} />
          </Box>
        )}
        <Box px="sm" style={{ cursor: readOnly ? undefined : 'text' }}>
          <EditorContent editor={editor} />
        </Box>
      </Box>
    </Box>
  );
}
