import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SMALL_SCREEN_QUERY, TitleInput, DEFAULT_MODAL_SIZE, useBusySubmit } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { apiResponseText } from '@/lib/i18n';

import { templateText } from '../api/template-text';
import { groupTemplates, useTemplates } from '../api/templates-api';
import type { Template } from '../api/templates-api';

export type NewManuscriptChoice =
  { source: 'blank'; title: string } | { source: 'template'; title: string; template: Template };

interface NewManuscriptDialogProps {
  /** Resolves once created; the dialog stays open when it rejects. */
  onCreate: (choice: NewManuscriptChoice) => Promise<void>;
  onClose: () => void;
  online: boolean;
}

function TemplatePicker({
  templates,
  value,
  onChange,
}: {
  templates: readonly Template[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('manuscripts.new_manuscript.choose_template')}
      value={value}
      onChange={onChange}
      name="template"
    >
      <Stack gap="md" mt="xs">
        {groupTemplates(templates).map((group) => (
          <Stack key={group.category} gap="xs">
            <Title order={3} fz="sm" tt="uppercase" c="dimmed">
              {t(`manuscripts.new_manuscript.categories.${group.category}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {group.templates.map((template) => {
                const { name, description } = templateText(t, template);
                return (
                  <Radio.Card
                    key={template.id}
                    value={template.id}
                    p="sm"
                    radius="md"
                    type="button"
                  >
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator mt={2} />
                      <Stack gap={2}>
                        <Text fw={600} size="sm">
                          {name}
                        </Text>
                        {description !== '' && (
                          <Text size="xs" c="dimmed" lineClamp={3}>
                            {description}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Radio.Card>
                );
              })}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * 'New manuscript': blank (saved on this device first, the server adds its first chapter) or
 * from a template (needs the server). The title is required and single-line; Enter creates.
 */
export function NewManuscriptDialog({ onCreate, onClose, online }: NewManuscriptDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const [source, setSource] = useState<'blank' | 'template'>('blank');
  const [title, setTitle] = useState('');
  const [titleTouched, setTitleTouched] = useState(false);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | undefined>(undefined);
  const [templateError, setTemplateError] = useState<string | undefined>(undefined);
  const { busy, run } = useBusySubmit();
  const { state, retry } = useTemplates(source === 'template');
  const templates = state.status === 'ready' ? state.templates : [];

  function handleTemplate(id: string) {
    setTemplateId(id);
    setTemplateError(undefined);
    const chosen = templates.find((template) => template.id === id);
    // Until the writer types a title, the template's name stands in for it.
    if (chosen && !titleTouched) {
      setTitle(templateText(t, chosen).name);
      setTitleError(undefined);
    }
  }

  async function handleSubmit() {
    const trimmed = title.trim();
    const template = templates.find((candidate) => candidate.id === templateId);
    let invalid = false;
    if (trimmed === '') {
      setTitleError(t('manuscripts.validation.manuscript_title_required'));
      invalid = true;
    }
    if (source === 'template' && !template) {
      setTemplateError(t('manuscripts.new_manuscript.pick_template'));
      invalid = true;
    }
    if (invalid) return;
    await run(() =>
      onCreate(
        source === 'template' && template
          ? { source, title: trimmed, template }
          : { source: 'blank', title: trimmed },
      ),
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('manuscripts.new_manuscript.title')}
      size={DEFAULT_MODAL_SIZE}
      fullScreen={phone}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
      >
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('manuscripts.new_manuscript.start_from')}
            value={source}
            onChange={(value) => {
              setSource(value === 'template' ? 'template' : 'blank');
            }}
            data={[
              { value: 'blank', label: t('manuscripts.new_manuscript.blank') },
              { value: 'template', label: t('manuscripts.new_manuscript.template') },
            ]}
            fullWidth
          />
          <TitleInput
            label={t('manuscripts.new_manuscript.title_label')}
            value={title}
            onChange={(value) => {
              setTitle(value);
              setTitleTouched(true);
              setTitleError(undefined);
            }}
            error={titleError}
            required
            data-autofocus
            autoComplete="off"
          />
          {source === 'template' && !online && (
            <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} />}>
              {t('manuscripts.new_manuscript.offline')}
            </Alert>
          )}
          {source === 'template' && state.status === 'loading' && (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">{t('manuscripts.new_manuscript.templates_loading')}</Text>
            </Group>
          )}
          {source === 'template' && state.status === 'failed' && (
            <Alert color="red" variant="light">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {isApiError(state.error) && state.error.kind === 'network'
                    ? t('manuscripts.new_manuscript.offline')
                    : apiResponseText(t, isApiError(state.error) ? state.error.code : 'failed')}
                </Text>
                <Button size="xs" variant="light" onClick={retry}>
                  {t('manuscripts.new_manuscript.retry')}
                </Button>
              </Stack>
            </Alert>
          )}
          {source === 'template' && state.status === 'ready' && (
            <>
              {templates.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('manuscripts.new_manuscript.no_templates')}
                </Text>
              ) : (
                <TemplatePicker
                  templates={templates}
                  value={templateId}
                  onChange={handleTemplate}
                />
              )}
              {templateError !== undefined && (
                <Text size="sm" c="red" role="alert">
                  {templateError}
                </Text>
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('manuscripts.new_manuscript.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
