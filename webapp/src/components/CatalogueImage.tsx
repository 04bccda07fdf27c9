import { Center, Image, Text, type StyleProp } from '@mantine/core';
import { useState } from 'react';

export interface CatalogueImageProps {
  src: string | undefined;
  alt: string;
  /** Width (pixels, '100%', or per breakpoint); the image's own when absent. */
  width?: StyleProp<number | string>;
  height: number;
  /** 'cover' crops a photo to the box; 'contain' shows all of it on a soft background. */
  fit: 'cover' | 'contain';
  /** What a blank or broken image shows: a 'No image' box of the same size, or nothing. */
  placeholder: boolean;
}

/**
 * A catalogue item's picture (vehicles, equipment, uniforms). A blank image, or one the browser
 * cannot load (a mistyped link), shows a 'No image' box or takes no room.
 */
export function CatalogueImage({ src, alt, width, height, fit, placeholder }: CatalogueImageProps) {
  const url = (src ?? '').trim();
  const [broken, setBroken] = useState<string | null>(null);
  if (url === '' || broken === url) {
    if (!placeholder) return null;
    return (
      <Center
        w={width}
        h={height}
        bg="var(--mantine-color-default-hover)"
        style={{ flex: 'none', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Text size="xs" c="dimmed">
          No image
        </Text>
      </Center>
    );
  }
  return (
    <Image
      src={url}
      alt={alt}
      w={width}
      h={height}
      fit={fit}
      radius="sm"
      bg={fit === 'contain' ? 'var(--mantine-color-default-hover)' : undefined}
      style={{ flex: 'none' }}
      onError={() => {
        setBroken(url);
      }}
    />
  );
}
