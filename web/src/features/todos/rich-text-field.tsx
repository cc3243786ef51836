/**
 * The task form's description: a small TipTap editor (paragraphs, bold, italic, lists) with a
 * labelled toolbar; its value is HTML.
 */
import { ActionIcon, Box, Group, Input } from '@mantine/core';
import { IconBold, IconItalic, IconList, IconListNumbers } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
    }),
  });
  const buttons = [
    {
      key: 'bold',
      icon: IconBold,
      on: state.bold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      icon: IconItalic,
      on: state.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: 'bullet_list',
      icon: IconList,
      on: state.bullet,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'ordered_list',
      icon: IconListNumbers,
      on: state.ordered,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
  ] as const;
  return (
    <Group gap={4} role="toolbar" aria-label={t('todos.rich_text.toolbar')}>
      {buttons.map(({ key, icon: Icon, on, run }) => (
        <ActionIcon
          key={key}
          variant={on ? 'filled' : 'subtle'}
          aria-label={t(`todos.rich_text.${key}`)}
          aria-pressed={on}
          onClick={run}
        >
          <Icon size={16} />
        </ActionIcon>
      ))}
    </Group>
  );
}

export function RichTextField({ label, value, onChange }: RichTextFieldProps) {
  const labelId = useId();
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
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'data-testid': 'task-description',
        class: 'quire-task-description',
      },
    },
    onUpdate: ({ editor: e }) => {
      onChange(e.getHTML());
    },
  });
  return (
    <Box>
      <Input.Label id={labelId}>{label}</Input.Label>
      <Box
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <Box
          px="xs"
          py={4}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Toolbar editor={editor} />
        </Box>
        <Box px="sm" mih={96} style={{ cursor: 'text' }}>
          <EditorContent editor={editor} />
        </Box>
      </Box>
    </Box>
  );
}
