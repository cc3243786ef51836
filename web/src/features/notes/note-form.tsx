/**
 * One note: its title, rich text and (for a manuscript note) what it is attached to. A new note
 * is created by its Create button; a stored one saves as the writer types (after a pause) and by
 * its Save button. A blank title is never saved: the form says why and keeps the text.
 */
import { Button, Group, Select, Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowLeft, IconCopy, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { showError, showSuccess, TitleInput } from '@/components/ui';
import { RichTextField } from '@/components/ui/rich-text-field';

import { attachmentOf, isBlankTitle, NOTE_TITLE_MAX, withAttachment } from './note-rules';
import type { Attachment, AttachmentKind, NoteRow } from './note-rules';

/** Typing is saved after this pause (and at once on blur, Save, or leaving the note). */
export const NOTE_SAVE_DELAY_MS = 600;

export interface AttachOption {
  value: string;
  label: string;
}

/** The changes a save writes: what the note's row holds. */
export interface NoteChanges {
  id?: string;
  manuscript_id: string | null;
  title: string;
  content: string;
  settings: Record<string, unknown>;
}

interface NoteFormProps {
  /** The stored note; `null` while it is a new one. */
  note: NoteRow | null;
  manuscriptId: string | null;
  /** What a manuscript note may be attached to (none for a global note). */
  attachOptions: AttachOption[];
  locked: boolean;
  save: (changes: NoteChanges) => Promise<NoteRow>;
  onCreated: (note: NoteRow) => void;
  onBack: () => void;
  onDuplicate: (note: NoteRow) => void;
  onDelete: (note: NoteRow) => void;
}

interface Draft {
  title: string;
  content: string;
  /** `kind:id`, or '' for none. */
  attachment: string;
}

const attachmentValue = (attachment: Attachment | null) =>
  attachment ? `${attachment.kind}:${attachment.id}` : '';

function parseAttachment(value: string): Attachment | null {
  const [kind, ...rest] = value.split(':');
  const id = rest.join(':');
  return kind && id ? { kind: kind as AttachmentKind, id } : null;
}

const draftOf = (note: NoteRow | null): Draft => ({
  title: note?.title ?? '',
  content: note?.content ?? '',
  attachment: note ? attachmentValue(attachmentOf(note)) : '',
});

export function NoteForm(props: NoteFormProps) {
  const { note, locked } = props;
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(note));
  const [blankTried, setBlankTried] = useState(false);
  const [seen, setSeen] = useState(note);
  const saving = useRef(false);

  async function persist(next: Draft): Promise<NoteRow | null> {
    if (isBlankTitle(next.title)) {
      setBlankTried(true);
      return null;
    }
    const changes: NoteChanges = {
      ...(note ? { id: note.id } : {}),
      manuscript_id: props.manuscriptId,
      title: next.title.trim(),
      content: next.content,
      settings: withAttachment(note?.settings, parseAttachment(next.attachment)),
    };
    try {
      return await props.save(changes);
    } catch {
      showError({ message: t('quick_notes.save_failed') });
      return null;
    }
  }

  const saveLater = useDebouncedCallback(
    (next: Draft) => {
      if (note) void persist(next);
    },
    { delay: NOTE_SAVE_DELAY_MS, flushOnUnmount: true },
  );

  if (seen !== note) {
    setSeen(note);
    // Another device's change shows, unless this writer has unsaved typing here.
    if (note && !saveLater.isPending()) {
      setDraft((current) => ({ ...draftOf(note), content: current.content }));
    }
  }

  function change(next: Partial<Draft>) {
    const merged = { ...draft, ...next };
    setDraft(merged);
    if (!isBlankTitle(merged.title)) setBlankTried(false);
    else if (note) setBlankTried(true);
    if (note) saveLater(merged);
  }

  async function handleSubmit() {
    if (locked || saving.current) return;
    saving.current = true;
    try {
      saveLater.cancel();
      const saved = await persist(draft);
      if (!saved) return;
      if (note) showSuccess(t('quick_notes.notices.saved'));
      else {
        showSuccess(t('quick_notes.notices.created'));
        props.onCreated(saved);
      }
    } finally {
      saving.current = false;
    }
  }

  const titleError = blankTried ? t('quick_notes.form.title_required') : undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit();
      }}
      noValidate
      data-testid="note-form"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => {
              saveLater.flush();
              props.onBack();
            }}
          >
            {t('quick_notes.form.back')}
          </Button>
          {note && !locked && (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                onClick={() => {
                  saveLater.flush();
                  props.onDuplicate(note);
                }}
              >
                {t('quick_notes.form.duplicate')}
              </Button>
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => {
                  saveLater.flush();
                  props.onDelete(note);
                }}
              >
                {t('quick_notes.form.delete')}
              </Button>
            </Group>
          )}
        </Group>
        <TitleInput
          label={t('quick_notes.form.title')}
          required
          value={draft.title}
          maxLength={NOTE_TITLE_MAX}
          readOnly={locked}
          error={titleError}
          data-autofocus
          onChange={(title) => {
            change({ title });
          }}
          onBlur={() => {
            saveLater.flush();
          }}
        />
        {props.attachOptions.length > 0 && (
          <Select
            label={t('quick_notes.form.attached')}
            data={[
              { value: '', label: t('quick_notes.form.attached_none') },
              ...props.attachOptions,
            ]}
            value={draft.attachment}
            readOnly={locked}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => {
              change({ attachment: value ?? '' });
            }}
          />
        )}
        <RichTextField
          testId="note-content"
          label={t('quick_notes.form.content')}
          value={draft.content}
          readOnly={locked}
          onChange={(content) => {
            change({ content });
          }}
          onBlur={() => {
            saveLater.flush();
          }}
        />
        {!locked && (
          <Group justify="flex-end">
            <Button type="submit" data-testid="note-submit">
              {note ? t('quick_notes.form.save') : t('quick_notes.form.create')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
