import { Center, Image, Text } from '@mantine/core';
import { useState } from 'react';

export interface UniformImageProps {
  src: string | undefined;
  alt: string;
  width: number | string;
  height: number;
  /** Show a 'No image' box for a blank or broken image instead of nothing. */
  placeholder?: boolean;
}

/**
 * A uniform's image. A blank image, or one the browser cannot load (a mistyped link), shows
 * nothing, or a 'No image' box of the same size when `placeholder` is set.
 */
export function UniformImage({ src, alt, width, height, placeholder = false }: UniformImageProps) {
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
      fit="contain"
      radius="sm"
      bg="var(--mantine-color-default-hover)"
      style={{ flex: 'none' }}
      onError={() => {
        setBroken(url);
      }}
    />
  );
}
