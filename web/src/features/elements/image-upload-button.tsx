/**
 * Choosing an element's picture to upload: a PNG, JPEG, GIF or WebP file up to 10 MiB, with the
 * elements' texts for a refusal.
 */
import { IconPhotoPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { UploadButton } from '@/components/ui';
import { IMAGE_TYPES } from '@/lib/uploads';

interface ImageUploadButtonProps {
  manuscriptId: string;
  label: string;
  onUploaded: (url: string) => void | Promise<void>;
  disabled?: boolean;
}

export function ImageUploadButton({ onUploaded, ...props }: ImageUploadButtonProps) {
  const { t } = useTranslation();
  return (
    <UploadButton
      {...props}
      types={IMAGE_TYPES}
      icon={<IconPhotoPlus size={16} aria-hidden />}
      testId="element-image-input"
      texts={{
        tooLarge: t('elements.images.too_large'),
        unsupported: t('elements.images.unsupported'),
        needsConnection: t('elements.images.needs_connection'),
      }}
      onUploaded={(url) => onUploaded(url)}
    />
  );
}
