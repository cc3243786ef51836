/**
 * The export dialog: format, scope (the whole manuscript or chosen chapters and subchapters),
 * what to include, and the preset with its fields. The last choice is restored from the
 * manuscript's `settings.export` and saved there after an export; the file is downloaded.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery, useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_MODAL_SIZE, showSuccess, SMALL_SCREEN_QUERY } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { apiResponseText } from '@/lib/i18n';

import { EbookCoverField } from './ebook-cover-field';
import { exportManuscript, saveFile } from './export-api';
import type {
  ChapterLike,
  ExportChoice,
  ExportFormat,
  ExportOptions,
  PresetKind,
} from './export-options';
import {
  chosenChapterIds,
  contactLines,
  coverOf,
  coversWith,
  defaultPresets,
  EBOOK_LANGUAGES,
  EXPORT_FORMATS,
  exportRequest,
  PRESETS_BY_FORMAT,
  presetFor,
  restoreChoice,
  scopeTree,
} from './export-options';

export interface ExportDialogProps {
  manuscript: { id: string; title?: string; settings?: unknown; meta?: unknown };
  /** The manuscript's chapter rows (the binder's), or null while they load. */
  chapters: readonly ChapterLike[] | null;
  subchaptersAsScenes: boolean;
  /** Keeps the choice in the manuscript's `settings.export` (local first). */
  saveChoice: (choice: ExportChoice) => Promise<void>;
  /** Keeps the manuscript's `meta.covers` (local first); the ebook's cover is the first. */
  saveCovers: (covers: unknown[]) => Promise<void>;
  onClose: () => void;
}

type Presets = ReturnType<typeof defaultPresets>;
type IncludeKey = 'chapter_titles' | 'subchapter_titles' | 'comments' | 'footnotes';
const INCLUDE_KEYS: IncludeKey[] = ['chapter_titles', 'subchapter_titles', 'comments', 'footnotes'];

export function ExportDialog({
  manuscript,
  chapters,
  subchaptersAsScenes,
  saveChoice,
  saveCovers,
  onClose,
}: ExportDialogProps) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const network = useNetwork();
  const language = i18n.language.slice(0, 2);
  const [initial] = useState(() => restoreChoice(manuscript.settings, language));
  const [format, setFormat] = useState<ExportFormat>(initial.format);
  const [include, setInclude] = useState<Record<IncludeKey, boolean>>(() => ({
    chapter_titles: initial.options.chapter_titles,
    subchapter_titles: initial.options.subchapter_titles,
    comments: initial.options.comments,
    footnotes: initial.options.footnotes,
  }));
  const [presets, setPresets] = useState<Presets>(() => ({
    ...defaultPresets(language),
    [initial.options.preset.kind]: initial.options.preset,
  }));
  const [presetKind, setPresetKind] = useState<PresetKind>(initial.options.preset.kind);
  const [contactText, setContactText] = useState(presets.standard_manuscript.contact.join('\n'));
  const [scope, setScope] = useState<'all' | 'chosen'>('all');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const tree = useMemo(() => (chapters ? scopeTree(chapters) : null), [chapters]);
  const title = manuscript.title ?? '';
  const presetKinds = PRESETS_BY_FORMAT[format];

  function currentChoice(): ExportChoice {
    const withContact: Presets = {
      ...presets,
      standard_manuscript: { ...presets.standard_manuscript, contact: contactLines(contactText) },
    };
    const options: ExportOptions = {
      ...include,
      preset: presetFor(format, withContact[presetKind], withContact),
    };
    return { format, options };
  }

  const chosenIds = tree ? chosenChapterIds(tree, ticked) : [];
  const scopeEmpty = scope === 'chosen' && chosenIds.length === 0;

  async function handleExport() {
    if (scopeEmpty) return;
    setBusy(true);
    setFailure(null);
    const choice = currentChoice();
    try {
      const file = await exportManuscript(
        manuscript.id,
        exportRequest(choice, scope === 'all' ? null : chosenIds),
        title,
      );
      saveFile(file);
      showSuccess(t('import_export.export.done', { name: file.fileName }));
      await saveChoice(choice).catch((error: unknown) => {
        console.warn('Could not keep the export choices.', error);
      });
      onClose();
    } catch (error) {
      if (!isApiError(error)) console.error(error);
      setFailure(
        isApiError(error) && error.kind === 'network'
          ? t('import_export.export.needs_connection')
          : apiResponseText(t, isApiError(error) ? error.code : 'failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  function toggle(id: string, on: boolean) {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function setPreset<K extends keyof Presets>(kind: K, change: Partial<Presets[K]>) {
    setPresets((current) => ({ ...current, [kind]: { ...current[kind], ...change } }));
  }

  const subLabel = subchaptersAsScenes
    ? 'import_export.export.scene_titles'
    : 'import_export.export.subchapter_titles';
  const shownPreset = presetKinds.includes(presetKind) ? presetKind : presetKinds[0];

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('import_export.export.title', { title })}
      size={DEFAULT_MODAL_SIZE}
      fullScreen={phone}
      centered
      closeOnClickOutside={!busy}
    >
      <form
        noValidate
        data-testid="export-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void handleExport();
        }}
      >
        <Stack gap="md">
          {!network.online && (
            <Alert color="gray" variant="light" icon={<IconWifiOff size={18} />}>
              {t('import_export.export.needs_connection')}
            </Alert>
          )}
          <Radio.Group
            label={t('import_export.export.format')}
            value={format}
            onChange={(value) => {
              setFormat(value);
            }}
          >
            <Group gap="md" mt={6}>
              {EXPORT_FORMATS.map((value) => (
                <Radio
                  key={value}
                  value={value}
                  label={t(`import_export.export.formats.${value}`)}
                />
              ))}
            </Group>
          </Radio.Group>

          <Radio.Group
            label={t('import_export.export.scope')}
            value={scope}
            onChange={(value) => {
              setScope(value === 'chosen' ? 'chosen' : 'all');
            }}
          >
            <Group gap="md" mt={6}>
              <Radio value="all" label={t('import_export.export.scope_all')} />
              <Radio value="chosen" label={t('import_export.export.scope_chosen')} />
            </Group>
          </Radio.Group>
          {scope === 'chosen' &&
            (tree === null ? (
              <Group gap={6} role="status">
                <Loader size="xs" />
                <Text size="sm">{t('import_export.export.scope_loading')}</Text>
              </Group>
            ) : (
              <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                <legend style={{ padding: 0 }}>
                  <Text size="sm" fw={500}>
                    {t('import_export.export.scope_tree')}
                  </Text>
                </legend>
                <Stack gap={6} mah={260} style={{ overflowY: 'auto' }} p={2}>
                  {tree.map((chapter) => (
                    <Stack key={chapter.id} gap={4}>
                      <Checkbox
                        label={chapter.name || t('import_export.export.untitled_chapter')}
                        checked={ticked.has(chapter.id)}
                        onChange={(event) => {
                          toggle(chapter.id, event.currentTarget.checked);
                        }}
                      />
                      {chapter.children.map((child) => (
                        <Checkbox
                          key={child.id}
                          ml="lg"
                          label={child.name || t('import_export.export.untitled_chapter')}
                          checked={ticked.has(chapter.id) || ticked.has(child.id)}
                          disabled={ticked.has(chapter.id)}
                          onChange={(event) => {
                            toggle(child.id, event.currentTarget.checked);
                          }}
                        />
                      ))}
                    </Stack>
                  ))}
                </Stack>
                {scopeEmpty && (
                  <Text size="sm" c="red.8" mt={4}>
                    {t('import_export.export.scope_none')}
                  </Text>
                )}
              </fieldset>
            ))}

          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ padding: 0 }}>
              <Text size="sm" fw={500}>
                {t('import_export.export.include')}
              </Text>
            </legend>
            <Group gap="md" mt={6}>
              {INCLUDE_KEYS.map((key) => (
                <Checkbox
                  key={key}
                  label={t(key === 'subchapter_titles' ? subLabel : `import_export.export.${key}`)}
                  checked={include[key]}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setInclude((current) => ({ ...current, [key]: on }));
                  }}
                />
              ))}
            </Group>
          </fieldset>

          <Title order={3} size="h5">
            {t('import_export.export.preset')}
          </Title>
          {shownPreset === undefined ? (
            <Text size="sm" c="dimmed">
              {t('import_export.export.no_preset')}
            </Text>
          ) : (
            <Stack gap="sm">
              {presetKinds.length > 1 ? (
                <Radio.Group
                  aria-label={t('import_export.export.preset')}
                  value={shownPreset}
                  onChange={(value) => {
                    setPresetKind(value);
                  }}
                >
                  <Group gap="md">
                    {presetKinds.map((kind) => (
                      <Radio
                        key={kind}
                        value={kind}
                        label={t(`import_export.export.presets.${kind}`)}
                      />
                    ))}
                  </Group>
                </Radio.Group>
              ) : (
                <Text size="sm" fw={500}>
                  {t(`import_export.export.presets.${shownPreset}`)}
                </Text>
              )}
              {shownPreset === 'standard_manuscript' && (
                <>
                  <Select
                    label={t('import_export.export.font')}
                    data={(['times_new_roman', 'courier'] as const).map((font) => ({
                      value: font,
                      label: t(`import_export.export.fonts.${font}`),
                    }))}
                    value={presets.standard_manuscript.font}
                    allowDeselect={false}
                    onChange={(value) => {
                      if (value === 'times_new_roman' || value === 'courier') {
                        setPreset('standard_manuscript', { font: value });
                      }
                    }}
                  />
                  <Textarea
                    label={t('import_export.export.contact')}
                    description={t('import_export.export.contact_hint')}
                    rows={4}
                    value={contactText}
                    onChange={(event) => {
                      setContactText(event.currentTarget.value);
                    }}
                  />
                  <TextInput
                    label={t('import_export.export.surname')}
                    value={presets.standard_manuscript.surname}
                    maxLength={254}
                    onChange={(event) => {
                      setPreset('standard_manuscript', { surname: event.currentTarget.value });
                    }}
                  />
                </>
              )}
              {shownPreset === 'trade_paperback' && (
                <>
                  <Select
                    label={t('import_export.export.trim')}
                    data={(['six_by_nine', 'five_by_eight'] as const).map((trim) => ({
                      value: trim,
                      label: t(`import_export.export.trims.${trim}`),
                    }))}
                    value={presets.trade_paperback.trim}
                    allowDeselect={false}
                    onChange={(value) => {
                      if (value === 'six_by_nine' || value === 'five_by_eight') {
                        setPreset('trade_paperback', { trim: value });
                      }
                    }}
                  />
                  <NumberInput
                    label={t('import_export.export.font_size')}
                    min={8}
                    max={16}
                    step={0.5}
                    value={presets.trade_paperback.font_size_pt}
                    onChange={(value) => {
                      if (typeof value === 'number') {
                        setPreset('trade_paperback', {
                          font_size_pt: Math.min(16, Math.max(8, value)),
                        });
                      }
                    }}
                  />
                  <Switch
                    label={t('import_export.export.running_heads')}
                    checked={presets.trade_paperback.running_heads}
                    onChange={(event) => {
                      setPreset('trade_paperback', { running_heads: event.currentTarget.checked });
                    }}
                  />
                </>
              )}
              {shownPreset === 'ebook' && (
                <>
                  <Select
                    label={t('import_export.export.language')}
                    data={EBOOK_LANGUAGES.map((code) => ({
                      value: code,
                      label: t(`import_export.export.languages.${code}`),
                    }))}
                    value={presets.ebook.language}
                    allowDeselect={false}
                    onChange={(value) => {
                      if (value) setPreset('ebook', { language: value });
                    }}
                  />
                  <EbookCoverField
                    manuscriptId={manuscript.id}
                    cover={coverOf(manuscript.meta)}
                    online={network.online}
                    onChange={(url) => saveCovers(coversWith(manuscript.meta, url))}
                  />
                </>
              )}
            </Stack>
          )}

          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('import_export.export.cancel')}
            </Button>
            <Button
              type="submit"
              loading={busy}
              disabled={!network.online || scopeEmpty}
              data-testid="export-submit"
            >
              {t('import_export.export.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
