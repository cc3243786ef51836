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

import { findInFootnotes, findState, replaceInFootnotes } from '@/text-editor';
import type { FootnoteMatch, FootnotesStore } from '@/text-editor';

/** The occurrences in the footnote bodies, kept current as the bodies change. */
function useFootnoteMatches(
  store: FootnotesStore,
  order: string[],
  query: string,
  caseSensitive: boolean,
): FootnoteMatch[] {
  const [matches, setMatches] = useState<FootnoteMatch[]>([]);
  useEffect(() => {
    const read = () => {
      setMatches(findInFootnotes(store, order, query, caseSensitive));
    };
    read();
    return store.observe(read);
  }, [store, order, query, caseSensitive]);
  return matches;
}

/**
 * Find (and replace, when the chapter is writable) in the text, then in the footnotes. The
 * text's search lives in the editor's plugin; closing the panel clears it, so no match is looked
 * for while writing. A footnote's match is shown by `onFootnoteMatch` (the note is marked).
 */
export function FindReplacePanel(props: {
  editor: Editor;
  showReplace: boolean;
  writable: boolean;
  footnotes: FootnotesStore;
  footnoteOrder: string[];
  onFootnoteMatch: (match: FootnoteMatch | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { editor, onFootnoteMatch } = props;
  const [query, setQuery] = useState(() => findState(editor.state).query);
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [replacement, setReplacement] = useState('');
  /** The current match's place among the footnotes' matches; null while it is in the text. */
  const [inFootnotes, setInFootnotes] = useState<number | null>(null);
  const findInput = useRef<HTMLInputElement>(null);
  const counts = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const found = findState(current.state);
      return { total: found.matches.length, current: found.current };
    },
  });
  const noteMatches = useFootnoteMatches(
    props.footnotes,
    props.footnoteOrder,
    query,
    caseSensitive,
  );
  const inText = counts.total;
  const total = inText + noteMatches.length;
  // With no match in the text, the first footnote's is current.
  const noteIndex =
    inFootnotes !== null && noteMatches.length > 0
      ? Math.min(inFootnotes, noteMatches.length - 1)
      : inText === 0 && noteMatches.length > 0
        ? 0
        : null;
  const noteMatch = noteIndex === null ? null : (noteMatches[noteIndex] ?? null);
  const currentNumber = noteIndex === null ? counts.current + 1 : inText + noteIndex + 1;

  useEffect(() => {
    editor.commands.setSearch(query, { caseSensitive });
  }, [editor, query, caseSensitive]);

  useEffect(() => {
    onFootnoteMatch(noteMatch);
  }, [onFootnoteMatch, noteMatch]);

  useEffect(() => {
    findInput.current?.focus();
    findInput.current?.select();
  }, [props.showReplace]);

  useEffect(
    () => () => {
      onFootnoteMatch(null);
      if (!editor.isDestroyed) editor.commands.clearSearch();
    },
    [editor, onFootnoteMatch],
  );

  /** Makes match `index` (text first, then footnotes) the current one. */
  const goTo = (index: number) => {
    if (total === 0) return;
    const wrapped = (index + total) % total;
    if (wrapped < inText) {
      setInFootnotes(null);
      editor.commands.findGoTo(wrapped);
    } else {
      setInFootnotes(wrapped - inText);
      if (inText > 0) editor.commands.findGoTo(-1);
    }
  };
  const next = () => {
    goTo(currentNumber);
  };
  const previous = () => {
    goTo(currentNumber - 2);
  };
  const replaceCurrent = () => {
    if (noteMatch) replaceInFootnotes(props.footnotes, [noteMatch], replacement);
    else editor.commands.replaceCurrent(replacement);
  };
  const replaceAll = () => {
    editor.commands.replaceAll(replacement);
    replaceInFootnotes(props.footnotes, noteMatches, replacement);
  };

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
              setInFootnotes(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (event.shiftKey) previous();
                else next();
              }
            }}
            style={{ flex: 1 }}
          />
          <Text size="xs" c="dimmed" miw={64} pb={6} aria-live="polite">
            {query === ''
              ? ''
              : total === 0
                ? t('chapter_editor.find.none')
                : t('chapter_editor.find.count', { current: currentNumber, total })}
          </Text>
          <Tooltip label={t('chapter_editor.find.previous')} withinPortal>
            <ActionIcon
              variant="subtle"
              aria-label={t('chapter_editor.find.previous')}
              disabled={total === 0}
              onClick={previous}
            >
              <IconChevronUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('chapter_editor.find.next')} withinPortal>
            <ActionIcon
              variant="subtle"
              aria-label={t('chapter_editor.find.next')}
              disabled={total === 0}
              onClick={next}
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
            setInFootnotes(null);
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
            <Button size="xs" variant="default" disabled={total === 0} onClick={replaceCurrent}>
              {t('chapter_editor.find.replace')}
            </Button>
            <Button size="xs" disabled={total === 0} onClick={replaceAll}>
              {t('chapter_editor.find.replace_all')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
