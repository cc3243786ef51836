import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconX } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { findState } from '@/editor';

/**
 * Find (and replace, when the chapter is writable). The search lives in the editor's plugin;
 * closing the panel clears it, so no match is looked for while writing.
 */
export function FindReplacePanel(props: {
  editor: Editor;
  showReplace: boolean;
  writable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { editor } = props;
  const [query, setQuery] = useState(() => findState(editor.state).query);
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [replacement, setReplacement] = useState('');
  const findInput = useRef<HTMLInputElement>(null);
  const counts = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const found = findState(current.state);
      return { total: found.matches.length, current: found.current };
    },
  });

  useEffect(() => {
    editor.commands.setSearch(query, { caseSensitive });
  }, [editor, query, caseSensitive]);

  useEffect(() => {
    findInput.current?.focus();
    findInput.current?.select();
  }, [props.showReplace]);

  useEffect(
    () => () => {
      if (!editor.isDestroyed) editor.commands.clearSearch();
    },
    [editor],
  );

  const close = () => {
    props.onClose();
    editor.commands.focus();
  };

  return (
    <Paper
      withBorder
      shadow="sm"
      p="sm"
      radius="md"
      role="search"
      aria-label={t('chapter_editor.find.open')}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            ref={findInput}
            size="xs"
            label={t('chapter_editor.find.find_label')}
            value={query}
            maxLength={512}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (event.shiftKey) editor.commands.findPrevious();
                else editor.commands.findNext();
              } else if (event.key === 'Escape') {
                close();
              }
            }}
            style={{ flex: 1 }}
          />
          <Text size="xs" c="dimmed" miw={64} pb={6} aria-live="polite">
            {query === ''
              ? ''
              : counts.total === 0
                ? t('chapter_editor.find.none')
                : t('chapter_editor.find.count', {
                    current: counts.current + 1,
                    total: counts.total,
                  })}
          </Text>
          <Tooltip label={t('chapter_editor.find.previous')} withinPortal>
            <ActionIcon
              variant="subtle"
              aria-label={t('chapter_editor.find.previous')}
              disabled={counts.total === 0}
              onClick={() => editor.commands.findPrevious()}
            >
              <IconChevronUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('chapter_editor.find.next')} withinPortal>
            <ActionIcon
              variant="subtle"
              aria-label={t('chapter_editor.find.next')}
              disabled={counts.total === 0}
              onClick={() => editor.commands.findNext()}
            >
              <IconChevronDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('chapter_editor.find.close')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('chapter_editor.find.close')}
              onClick={close}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Checkbox
          size="xs"
          label={t('chapter_editor.find.match_case')}
          checked={caseSensitive}
          onChange={(event) => {
            setCaseSensitive(event.currentTarget.checked);
          }}
        />
        {props.showReplace && props.writable && (
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              size="xs"
              label={t('chapter_editor.find.replace_label')}
              value={replacement}
              maxLength={512}
              onChange={(event) => {
                setReplacement(event.currentTarget.value);
              }}
              style={{ flex: 1 }}
            />
            <Button
              size="xs"
              variant="default"
              disabled={counts.total === 0}
              onClick={() => editor.commands.replaceCurrent(replacement)}
            >
              {t('chapter_editor.find.replace')}
            </Button>
            <Button
              size="xs"
              disabled={counts.total === 0}
              onClick={() => editor.commands.replaceAll(replacement)}
            >
              {t('chapter_editor.find.replace_all')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
