import { Button, Center, FileButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadCatalogueImage } from '@/api/catalogue-images';
import { failureText } from '@/api/client';
import { IMAGE_ACCEPT, IMAGE_HINT, imageProblem } from '@/lib/images';

export const UPLOAD_FAILED = 'Upload failed';

export interface CatalogueImageFieldProps {
  /** The entry's image: a portal path from an upload (`/media/…`) or an http(s) URL; '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** 'Image URL' unless told. */
  label?: string;
  disabled?: boolean;
}

/**
 * The 'Image URL' of a vehicle, equipment or uniform entry (command-and-reports §2): a text
 * input for a link, and 'Upload' (PNG, JPEG or WebP up to 2 MB, sent to
 * `POST /api/uploads/catalogue-image`) which fills the input with the uploaded file's path.
 * A small preview shows the current image; an upload refusal shows the server's text ('Only
 * PNG, JPEG or WebP images are allowed', 'File too large (max 2MB)', …), 'HTTP {status}', or
 * 'Upload failed'.
 */
export function CatalogueImageField({ value, onChange, label = 'Image URL', disabled = false }: CatalogueImageFieldProps) {
  const [error, setError] = useState<string | null>(null);
  // The preview is hidden once the browser fails to load it (a mistyped link).
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadCatalogueImage });
  const src = value.trim();
  const showPreview = src !== '' && brokenSrc !== src;

  const onPick = (file: File | null) => {
    if (file === null) return;
    const problem = imageProblem(file);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        onChange(url);
      },
      onError: (failure) => {
        setError(failureText(failure, (status) => `HTTP ${String(status)}`, UPLOAD_FAILED));
      },
    });
  };

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        placeholder="https://… or upload an image"
        value={value}
        disabled={disabled}
        error={error}
        onChange={(event) => {
          setError(null);
          onChange(event.currentTarget.value);
        }}
      />
      <Group gap="sm" align="center">
        {showPreview ? (
          <Image
            src={src}
            alt={`${label} preview`}
            w={56}
            h={56}
            fit="cover"
            radius="sm"
            style={{ flex: 'none' }}
            onError={() => {
              setBrokenSrc(src);
            }}
          />
        ) : (
          <Center
            w={56}
            h={56}
            style={{ flex: 'none', border: '1px dashed var(--mantine-color-dark-4)', borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Text size="xs" c="dimmed" ta="center" lh={1.2}>
              No image
            </Text>
          </Center>
        )}
        <FileButton
          accept={IMAGE_ACCEPT}
          disabled={disabled || upload.isPending}
          onChange={onPick}
          inputProps={{ 'aria-label': `${label} file` }}
        >
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={upload.isPending} style={{ flex: 'none' }}>
              Upload image
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {IMAGE_HINT}
        </Text>
      </Group>
    </Stack>
  );
}
