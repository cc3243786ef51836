/**
 * An element's pictures: each shown, one marked main (the card shows it), made main or removed;
 * a new one uploaded (the first becomes main).
 */
import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconStar, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { ElementImage } from '@/lib/elements';
import { newId } from '@/storage';

import { addImage, removeImage, setMainImage } from './element-edits';
import { useElementsScreen } from './elements-context';
import { ImageUploadButton } from './image-upload-button';

interface ElementImagesProps {
  name: string;
  images: ElementImage[];
  write: (change: (images: ElementImage[]) => ElementImage[]) => Promise<void>;
}

export function ElementImages({ name, images, write }: ElementImagesProps) {
  const { t } = useTranslation();
  const screen = useElementsScreen();
  return (
    <Stack gap={6} component="section" aria-labelledby="element-images-title">
      <Title order={3} size="h6" id="element-images-title">
        {t('elements.images.label')}
      </Title>
      {images.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('elements.images.empty')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {images.map((image, index) => (
          <Box key={image.id} pos="relative" data-testid="element-image">
            <Image
              src={image.value}
              alt={t('elements.images.alt', { n: index + 1, name })}
              h={100}
              fit="cover"
              radius="sm"
            />
            <Group gap={4} mt={4} justify="space-between">
              {image.main ? (
                <Badge size="sm" variant="filled">
                  {t('elements.images.main')}
                </Badge>
              ) : (
                screen.canWrite && (
                  <Tooltip label={t('elements.images.make_main')}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`${t('elements.images.make_main')}: ${String(index + 1)}`}
                      onClick={() => {
                        void write((list) => setMainImage(list, image.id));
                      }}
                    >
                      <IconStar size={14} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )
              )}
              {screen.canWrite && (
                <Tooltip label={t('elements.images.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`${t('elements.images.remove')}: ${String(index + 1)}`}
                    onClick={() => {
                      void write((list) => removeImage(list, image.id));
                    }}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Box>
        ))}
      </SimpleGrid>
      {screen.canWrite && (
        <ImageUploadButton
          manuscriptId={screen.manuscriptId}
          label={t('elements.images.add')}
          onUploaded={(url) => write((list) => addImage(list, url, newId()))}
        />
      )}
    </Stack>
  );
}
