/**
 * A note's rich text: a small TipTap editor (paragraphs, bold, italic, lists) over an HTML
 * value, with a three-button toolbar. A change from elsewhere shows unless the writer is typing.
 */
import { ActionIcon, Box, Group, Input, Tooltip } from '@mantine/core';
import { IconBold, IconItalic, IconList } from '@tabler/icons-react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import './notes.css';

interface RichTextFieldProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  readOnly: boolean;
  label: string;
}

export function RichTextField({ value, onChange, onBlur, readOnly, label }: RichTextFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const latest = useRef({ onChange, onBlur });
  useEffect(() => {
    latest.current = { onChange, onBlur };
  });
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false })],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'data-testid': 'note-content',
        class: 'quire-note-content',
      },
    },
    onUpdate: ({ editor: changed }) => {
      latest.current.onChange(changed.isEmpty ? '' : changed.getHTML());
    },
    onBlur: () => {
      latest.current.onBlur?.();
    },
  });
  const marks = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      list: e.isActive('bulletList'),
    }),
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

  const tools = [
    {
      id: 'bold',
      icon: IconBold,
      active: marks.bold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      id: 'italic',
      icon: IconItalic,
      active: marks.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      id: 'bullet_list',
      icon: IconList,
      active: marks.list,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
  ] as const;

  return (
    <Box>
      <Input.Label id={labelId} onClick={() => editor.commands.focus()}>
        {label}
      </Input.Label>
      {!readOnly && (
        <Group gap={4} mb={4}>
          {tools.map((tool) => (
            <Tooltip key={tool.id} label={t(`quick_notes.form.${tool.id}`)}>
              <ActionIcon
                variant={tool.active ? 'filled' : 'subtle'}
                aria-label={t(`quick_notes.form.${tool.id}`)}
                aria-pressed={tool.active}
                onClick={tool.run}
              >
                <tool.icon size={16} />
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
      )}
      <Box
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          padding: '0 var(--mantine-spacing-sm)',
          minHeight: '8rem',
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
