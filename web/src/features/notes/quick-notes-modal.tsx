/**
 * The Quick Notes modal: Global and Manuscript tabs (a manuscript picker on the second; only
 * 'Global Notes' for a writer without manuscripts), a search, the sort, the manuscript notes'
 * filter, the notes in their date groups, and one note open at a time. Notes are read live from
 * this device and written through the local writer; the outbox sends them.
 */
import { Alert, Modal, Select, Stack, Tabs, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_MODAL_SIZE, showError, showSuccess } from '@/components/ui';
import { roleOf } from '@/lib/access/policy';
import type { SharedMarks } from '@/lib/access/policy';
import type { SessionUser } from '@/lib/session';
import { useLiveQuery } from '@/lib/use-live-query';

import { NoteForm } from './note-form';
import type { AttachOption, NoteChanges } from './note-form';
import { copyTitle, notesLock } from './note-rules';
import type { NoteRow } from './note-rules';
import { useNotesData } from './notes-data';
import { NotesList } from './notes-list';

/** The editor the modal was opened from, if any. */
export interface OpenedFromEditor {
  manuscriptId: string;
  /** Whether the editor lets the writer change this manuscript. */
  editorEnabled: boolean;
}

interface QuickNotesModalProps {
  opened: boolean;
  onClose: () => void;
  user: SessionUser;
  fromEditor?: OpenedFromEditor;
}

type Tab = 'global' | 'manuscript';

/** The note being shown: a stored one (by id, with its last saved row until the list has it). */
interface Editing {
  key: number;
  id: string | null;
  saved: NoteRow | null;
}

const PHONE = '(max-width: 36em)';

export function QuickNotesModal({ opened, onClose, user, fromEditor }: QuickNotesModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('quick_notes.title')}
      size={DEFAULT_MODAL_SIZE}
      fullScreen={phone}
      data-testid="quick-notes-modal"
    >
      {opened && <QuickNotes user={user} fromEditor={fromEditor} />}
    </Modal>
  );
}

function QuickNotes({ user, fromEditor }: { user: SessionUser; fromEditor?: OpenedFromEditor }) {
  const { t } = useTranslation();
  const { reads, writer } = useNotesData(user.id);
  const shelf = useLiveQuery(useMemo(() => reads.liveShelf('manuscripts'), [reads]));
  const [tab, setTab] = useState<Tab>(fromEditor ? 'manuscript' : 'global');
  const [chosen, setChosen] = useState<string | null>(fromEditor?.manuscriptId ?? null);
  const [editing, setEditing] = useState<Editing | null>(null);

  const manuscripts = useMemo(
    () =>
      (shelf ?? [])
        .filter((row) => row.deleted_at === null)
        .map((row) => ({ id: row.id, title: typeof row.title === 'string' ? row.title : '' }))
        .sort((a, b) => a.title.localeCompare(b.title)),
    [shelf],
  );
  const manuscriptId = chosen ?? manuscripts[0]?.id ?? null;
  const openedRow = useLiveQuery(
    useMemo(
      () => (manuscriptId ? reads.liveManuscript(manuscriptId) : null),
      [reads, manuscriptId],
    ),
  );
  const hasManuscripts = manuscripts.length > 0 || fromEditor !== undefined;
  const onManuscript = tab === 'manuscript' && hasManuscripts && manuscriptId !== null;
  const listOf = onManuscript ? manuscriptId : null;

  const notes = useLiveQuery(useMemo(() => reads.liveNotes(listOf), [reads, listOf]));
  const contents = useLiveQuery(
    useMemo(
      () => (onManuscript ? reads.liveContents(manuscriptId) : null),
      [reads, onManuscript, manuscriptId],
    ),
  );

  const lock = notesLock({
    canWriteBySubscription: user.entitlements?.can_write,
    editorEnabled:
      onManuscript && fromEditor?.manuscriptId === manuscriptId
        ? fromEditor.editorEnabled
        : undefined,
    owner: onManuscript && openedRow ? roleOf(openedRow as SharedMarks) === 'owner' : undefined,
  });

  const pickerData = useMemo(() => {
    const data = manuscripts.map((row) => ({ value: row.id, label: row.title }));
    if (openedRow && !data.some((item) => item.value === openedRow.id)) {
      const title = typeof openedRow.title === 'string' ? openedRow.title : '';
      data.unshift({ value: openedRow.id, label: title });
    }
    return data;
  }, [manuscripts, openedRow]);

  const structure = useMemo(() => {
    const names = new Map<string, string>();
    const options: AttachOption[] = [];
    const kindOf = { chapters: 'chapter', groups: 'folder', outlines: 'outline' } as const;
    for (const row of contents ?? []) {
      if ((row.deleted_at ?? null) !== null) continue;
      const kind = kindOf[row.kind as keyof typeof kindOf] as
        (typeof kindOf)[keyof typeof kindOf] | undefined;
      if (!kind) continue;
      const name = typeof row.name === 'string' && row.name !== '' ? row.name : row.id;
      names.set(row.id, name);
      options.push({
        value: `${kind}:${row.id}`,
        label: t(`quick_notes.form.attached_${kind}`, { name }),
      });
    }
    return { names, options };
  }, [contents, t]);

  const rows = (notes ?? []) as NoteRow[];
  const current = editing?.id ? (rows.find((row) => row.id === editing.id) ?? editing.saved) : null;

  async function save(changes: NoteChanges): Promise<NoteRow> {
    return await writer.save('notes', { ...changes });
  }

  async function duplicate(note: NoteRow) {
    try {
      const copy = await save({
        manuscript_id: note.manuscript_id ?? null,
        title: copyTitle(note.title ?? ''),
        content: note.content ?? '',
        settings: { ...note.settings },
      });
      showSuccess(t('quick_notes.notices.duplicated'));
      setEditing((previous) => ({ key: (previous?.key ?? 0) + 1, id: copy.id, saved: copy }));
    } catch {
      showError({ message: t('quick_notes.save_failed') });
    }
  }

  function remove(note: NoteRow) {
    modals.openConfirmModal({
      title: t('quick_notes.delete.title'),
      centered: true,
      children: t('quick_notes.delete.confirm'),
      labels: { confirm: t('quick_notes.delete.submit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        writer.trash('notes', note.id).then(
          () => {
            showSuccess(t('quick_notes.notices.deleted'));
            setEditing(null);
          },
          () => {
            showError({ message: t('quick_notes.save_failed') });
          },
        );
      },
    });
  }

  const lockAlert = lock && (
    <Alert color="yellow" icon={<IconLock size={18} />} data-testid="quick-notes-locked">
      {t(`quick_notes.lock.${lock}`)}
    </Alert>
  );

  const body = editing ? (
    <NoteForm
      key={editing.key}
      note={current}
      manuscriptId={listOf}
      attachOptions={onManuscript ? structure.options : []}
      locked={lock !== null}
      save={save}
      onCreated={(note) => {
        setEditing((previous) => previous && { ...previous, id: note.id, saved: note });
      }}
      onBack={() => {
        setEditing(null);
      }}
      onDuplicate={(note) => void duplicate(note)}
      onDelete={remove}
    />
  ) : (
    <NotesList
      notes={rows}
      loading={notes === undefined}
      withFilter={onManuscript}
      attachedNames={structure.names}
      timeZoneSetting={user.settings.timezone}
      canCreate={lock === null}
      onOpen={(note) => {
        setEditing((previous) => ({ key: (previous?.key ?? 0) + 1, id: note.id, saved: note }));
      }}
      onCreate={() => {
        setEditing((previous) => ({ key: (previous?.key ?? 0) + 1, id: null, saved: null }));
      }}
    />
  );

  if (shelf === undefined) return null;
  if (!hasManuscripts) {
    return (
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('quick_notes.global_heading')}
        </Title>
        {lockAlert}
        {body}
      </Stack>
    );
  }
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        if (value === 'global' || value === 'manuscript') setTab(value);
        setEditing(null);
      }}
    >
      <Tabs.List>
        <Tabs.Tab value="global">{t('quick_notes.tabs.global')}</Tabs.Tab>
        <Tabs.Tab value="manuscript">{t('quick_notes.tabs.manuscript')}</Tabs.Tab>
      </Tabs.List>
      {(['global', 'manuscript'] as const).map((value) => (
        <Tabs.Panel key={value} value={value} pt="sm">
          {tab === value && (
            <Stack gap="sm">
              {value === 'manuscript' && (
                <Select
                  label={t('quick_notes.manuscript_picker')}
                  data={pickerData}
                  value={manuscriptId}
                  allowDeselect={false}
                  searchable
                  onChange={(picked) => {
                    if (picked) setChosen(picked);
                    setEditing(null);
                  }}
                />
              )}
              {lockAlert}
              {body}
            </Stack>
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
