/**
 * One research's page: its name (required, at most 255 characters), cover picture, description
 * (rich text) and items; deleting moves it to the trash. Every change is kept on this device
 * first and reaches the others through the outbox.
 */
import { ActionIcon, Button, Grid, Group, Image, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { showSuccess, TitleInput } from '@/components/ui';
import { RichTextField } from '@/components/ui/rich-text-field';

import { useResearchScreen } from './research-context';
import { ResearchItems } from './research-items';
import type { ResearchRecord } from './research-rules';
import { cleanName, RESEARCH_NAME_MAX } from './research-rules';
import { UploadButton } from './upload-button';
import { useKeptDraft } from './use-kept-draft';

export function ResearchPage({ research }: { research: ResearchRecord }) {
  const { t } = useTranslation();
  const screen = useResearchScreen();
  const { store, canWrite } = screen;
  const shownName = research.name.trim() === '' ? t('research.untitled') : research.name;
  const description = useKeptDraft(research.description, (value) => {
    void store.update(research.id, { description: value });
  });

  function confirmDelete() {
    modals.openConfirmModal({
      title: t('research.delete_title'),
      centered: true,
      children: <Text size="sm">{t('research.delete_confirm', { name: shownName })}</Text>,
      labels: { confirm: t('research.delete_submit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void store.trash(research.id).then(() => {
          showSuccess(t('research.deleted'));
          screen.open(null);
        });
      },
    });
  }

  return (
    <Stack gap="md" data-testid="research-page">
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => {
            screen.open(null);
          }}
        >
          {t('research.back')}
        </Button>
        {canWrite && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={confirmDelete}
          >
            {t('research.delete')}
          </Button>
        )}
      </Group>
      <NameField research={research} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap={6} component="section" aria-labelledby="research-cover-title">
            <Title order={3} size="h6" id="research-cover-title">
              {t('research.cover.label')}
            </Title>
            {research.cover === '' ? (
              <Text size="sm" c="dimmed">
                {t('research.cover.empty')}
              </Text>
            ) : (
              <Group gap={4} align="flex-start" wrap="nowrap">
                <Image
                  src={research.cover}
                  alt={t('research.cover.alt', { name: shownName })}
                  h={160}
                  w="auto"
                  fit="contain"
                  radius="sm"
                />
                {canWrite && (
                  <Tooltip label={t('research.cover.remove')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('research.cover.remove')}
                      onClick={() => {
                        void store.update(research.id, { cover: '' });
                      }}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            )}
            {canWrite && (
              <UploadButton
                manuscriptId={screen.manuscriptId}
                accept="image"
                label={research.cover === '' ? t('research.cover.add') : t('research.cover.change')}
                testId="research-cover-input"
                onUploaded={(url) => store.update(research.id, { cover: url })}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <RichTextField
            label={t('research.description')}
            value={description.value}
            readOnly={!canWrite}
            onChange={description.change}
            onBlur={description.flush}
            testId="research-description"
          />
        </Grid.Col>
      </Grid>
      <ResearchItems research={research} />
    </Stack>
  );
}

/** The name: kept after a pause in typing; a blank name is refused and not kept. */
function NameField({ research }: { research: ResearchRecord }) {
  const { t } = useTranslation();
  const { store, canWrite } = useResearchScreen();
  const [error, setError] = useState<string | undefined>(undefined);
  const name = useKeptDraft(research.name, (next) => {
    const clean = cleanName(next);
    if (clean === '') {
      setError(t('research.name_required'));
      return;
    }
    if (clean !== research.name) void store.update(research.id, { name: clean });
  });
  return (
    <TitleInput
      label={t('research.name')}
      value={name.value}
      maxLength={RESEARCH_NAME_MAX}
      readOnly={!canWrite}
      required
      size="lg"
      error={error}
      onChange={(next) => {
        setError(undefined);
        name.change(next);
      }}
      onBlur={name.flush}
      data-testid="research-name"
    />
  );
}
