/**
 * The import preview (a modal, full-screen on a phone): the manuscript's title, the sections
 * found with rename, merge with previous, split and exclude, the "H2 as subchapters" option
 * (which reads the file again) and the ledger. Confirm hands the plan to `onConfirm`.
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCut, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_MODAL_SIZE, SMALL_SCREEN_QUERY } from '@/components/ui';

import type { ImportPreview, PreviewSection } from './import-api';
import { ImportLedger } from './import-ledger';
import type { ImportPlan, PlanTarget, SectionEdit } from './import-plan';
import {
  addSplit,
  buildPlan,
  canMerge,
  initialEdits,
  missingTitles,
  plannedSections,
  removeSplit,
  renameSection,
  setIncluded,
  setMerged,
} from './import-plan';

export interface ImportPreviewDialogProps {
  preview: ImportPreview;
  target: PlanTarget;
  /** Labels say 'scene' instead of 'subchapter'. */
  subchaptersAsScenes: boolean;
  /** Reads the file again with the other heading rule. */
  onRepreview: (h2AsSubchapters: boolean) => Promise<ImportPreview>;
  /** Imports; resolves to null when done, or to why it failed (the dialog stays open). */
  onConfirm: (plan: ImportPlan) => Promise<string | null>;
  onClose: () => void;
  /** What the confirmed import is doing (upload progress, then reading). */
  progress?: string | null;
}

export function ImportPreviewDialog(props: ImportPreviewDialogProps) {
  const { target, subchaptersAsScenes, onRepreview, onConfirm, onClose, progress } = props;
  const { t } = useTranslation();
  const phone = useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const [preview, setPreview] = useState(props.preview);
  const [edits, setEdits] = useState<SectionEdit[]>(() => initialEdits(props.preview));
  const [title, setTitle] = useState(props.preview.title);
  const [h2, setH2] = useState(false);
  const [rereading, setRereading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const appending = target.manuscriptId !== null;
  const planned = plannedSections(preview, edits);

  async function handleH2(next: boolean) {
    setH2(next);
    setRereading(true);
    try {
      const fresh = await onRepreview(next);
      setPreview(fresh);
      setEdits(initialEdits(fresh));
    } catch {
      setH2(!next);
    } finally {
      setRereading(false);
    }
  }

  async function handleConfirm() {
    if (!appending && title.trim() === '') {
      setProblem(t('import_export.preview.title_required'));
      return;
    }
    if (missingTitles(edits).length > 0) {
      setProblem(t('import_export.preview.title_missing'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      setProblem(await onConfirm(buildPlan(edits, { title, h2AsSubchapters: h2, ...target })));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('import_export.preview.title', { name: preview.file_name })}
      size={DEFAULT_MODAL_SIZE}
      fullScreen={phone}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <form
        noValidate
        data-testid="import-preview"
        onSubmit={(event) => {
          event.preventDefault();
          void handleConfirm();
        }}
      >
        <Stack gap="md">
          {appending ? (
            <Text size="sm">{t('import_export.preview.append_note')}</Text>
          ) : (
            <TextInput
              label={t('import_export.preview.manuscript_title')}
              value={title}
              maxLength={254}
              required
              onChange={(event) => {
                setTitle(event.currentTarget.value);
              }}
            />
          )}
          <Group gap="sm">
            <Switch
              label={t(
                subchaptersAsScenes
                  ? 'import_export.preview.h2_as_scenes'
                  : 'import_export.preview.h2_as_subchapters',
              )}
              checked={h2}
              disabled={rereading || busy}
              onChange={(event) => void handleH2(event.currentTarget.checked)}
            />
            {rereading && (
              <Group gap={6} role="status">
                <Loader size="xs" />
                <Text size="sm">{t('import_export.preview.rereading')}</Text>
              </Group>
            )}
          </Group>
          <Title order={3} size="h5">
            {t('import_export.preview.chapters')}
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('import_export.preview.chapter_count', { count: planned.length })}
          </Text>
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {preview.sections.map((section) => {
              const edit = edits.find((candidate) => candidate.index === section.index);
              if (!edit) return null;
              return (
                <SectionRow
                  key={section.index}
                  section={section}
                  edit={edit}
                  mergeable={canMerge(edits, section.index)}
                  subchaptersAsScenes={subchaptersAsScenes}
                  disabled={busy || rereading}
                  onEdit={(change) => {
                    setEdits((current) => change(current));
                  }}
                />
              );
            })}
          </Stack>
          <ImportLedger ledger={preview.ledger} excluded={edits.some((edit) => !edit.include)} />
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {busy && progress && (
            <Group gap={6} role="status">
              <Loader size="xs" />
              <Text size="sm">{progress}</Text>
            </Group>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('import_export.preview.cancel')}
            </Button>
            <Button
              type="submit"
              loading={busy}
              disabled={rereading || planned.length === 0}
              data-testid="import-confirm"
            >
              {t('import_export.preview.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type EditChange = (edits: readonly SectionEdit[]) => SectionEdit[];

function SectionRow({
  section,
  edit,
  mergeable,
  subchaptersAsScenes,
  disabled,
  onEdit,
}: {
  section: PreviewSection;
  edit: SectionEdit;
  mergeable: boolean;
  subchaptersAsScenes: boolean;
  disabled: boolean;
  onEdit: (change: EditChange) => void;
}) {
  const { t } = useTranslation();
  const [splitting, setSplitting] = useState(false);
  const [block, setBlock] = useState<string | null>(null);
  const [splitTitle, setSplitTitle] = useState('');
  const number = section.index + 1;
  const name = edit.title.trim() === '' ? section.title : edit.title;
  const sub = section.level === 'subchapter';
  const merged = edit.include && edit.mergeWithPrevious;
  const blockOptions = section.blocks
    .filter((candidate) => candidate.index > 0)
    .map((candidate) => ({
      value: String(candidate.index),
      label: t('import_export.preview.block_option', {
        number: candidate.index + 1,
        text:
          candidate.text.trim() === '' ? t('import_export.preview.block_empty') : candidate.text,
      }),
    }));

  function handleSplit() {
    if (block === null || splitTitle.trim() === '') return;
    onEdit((edits) => addSplit(edits, section.index, Number(block), splitTitle));
    setSplitting(false);
    setBlock(null);
    setSplitTitle('');
  }

  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      ml={sub ? 'lg' : 0}
      style={{ opacity: edit.include ? 1 : 0.6 }}
      data-testid="import-section"
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Badge variant="light" color={sub ? 'gray' : 'indigo'} style={{ flexShrink: 0 }}>
            {t(
              sub
                ? subchaptersAsScenes
                  ? 'import_export.preview.scene'
                  : 'import_export.preview.subchapter'
                : 'import_export.preview.chapter',
            )}
          </Badge>
          <TextInput
            aria-label={t('import_export.preview.section_title', { number })}
            value={edit.title}
            maxLength={254}
            disabled={disabled || !edit.include || merged}
            style={{ flex: 1, minWidth: 0 }}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onEdit((edits) => renameSection(edits, section.index, value));
            }}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('import_export.preview.section_stats', {
            words: section.words.toLocaleString(),
            paragraphs: section.paragraphs.toLocaleString(),
          })}
        </Text>
        <Group gap="md">
          <Checkbox
            label={t('import_export.preview.include')}
            aria-label={t('import_export.preview.include_label', { title: name })}
            checked={edit.include}
            disabled={disabled}
            onChange={(event) => {
              const include = event.currentTarget.checked;
              onEdit((edits) => setIncluded(edits, section.index, include));
            }}
          />
          <Checkbox
            label={t('import_export.preview.merge')}
            aria-label={t('import_export.preview.merge_label', { title: name })}
            checked={merged}
            disabled={disabled || (!mergeable && !merged)}
            onChange={(event) => {
              const value = event.currentTarget.checked;
              onEdit((edits) => setMerged(edits, section.index, value));
            }}
          />
          {blockOptions.length > 0 && !splitting && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconCut size={14} />}
              aria-label={t('import_export.preview.split_label', { title: name })}
              disabled={disabled || !edit.include}
              onClick={() => {
                setSplitting(true);
              }}
            >
              {t('import_export.preview.split')}
            </Button>
          )}
        </Group>
        {merged && (
          <Text size="xs" c="dimmed">
            {t('import_export.preview.merged_note')}
          </Text>
        )}
        {edit.splitAt.map((split) => (
          <Group key={split.block} gap="xs" wrap="nowrap" ml="md">
            <IconCut size={14} aria-hidden />
            <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
              {t('import_export.preview.split_item', {
                title: split.title,
                number: split.block + 1,
              })}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              aria-label={t('import_export.preview.split_remove', { number: split.block + 1 })}
              disabled={disabled}
              onClick={() => {
                onEdit((edits) => removeSplit(edits, section.index, split.block));
              }}
            >
              <IconX size={14} />
            </Button>
          </Group>
        ))}
        {splitting && (
          <Stack gap="xs" ml="md">
            <Select
              label={t('import_export.preview.split_before')}
              data={blockOptions}
              value={block}
              searchable
              onChange={setBlock}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={t('import_export.preview.split_title')}
              value={splitTitle}
              maxLength={254}
              onChange={(event) => {
                setSplitTitle(event.currentTarget.value);
              }}
            />
            <Group gap="xs">
              <Button
                size="compact-sm"
                disabled={block === null || splitTitle.trim() === ''}
                onClick={handleSplit}
              >
                {t('import_export.preview.split_add')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => {
                  setSplitting(false);
                }}
              >
                {t('import_export.preview.split_cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
