import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IMAGE_ACCEPT, IMAGE_HINT } from '@/lib/images';

export interface ImageUploadFieldProps {
  label: string;
  /** The current image URL ('' or null for none). */
  value: string | null;
  uploading: boolean;
  disabled?: boolean;
  onPick: (file: File) => void;
  onClear: () => void;
}

/** An image setting: preview, 'Upload' (PNG, JPEG or WebP) and 'Clear'. */
export function ImageUploadField({ label, value, uploading, disabled = false, onPick, onClear }: ImageUploadFieldProps) {
  const hasImage = value !== null && value !== '';
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm" wrap="nowrap" align="center">
        {hasImage ? (
          <Image src={value} alt={`${label} preview`} h={48} w={48} fit="contain" radius="sm" />
        ) : (
          <Text size="xs" c="dimmed" w={48}>
            None
          </Text>
        )}
        <FileButton
          accept={IMAGE_ACCEPT}
          disabled={disabled || uploading}
          onChange={(file) => {
            if (file !== null) onPick(file);
          }}
          inputProps={{ 'aria-label': `${label} file` }}
        >
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={uploading} aria-label={`Upload ${label}`}>
              Upload
            </Button>
          )}
        </FileButton>
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          disabled={disabled || uploading || !hasImage}
          onClick={onClear}
          aria-label={`Clear ${label}`}
        >
          Clear
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {IMAGE_HINT}
      </Text>
    </Stack>
  );
}
