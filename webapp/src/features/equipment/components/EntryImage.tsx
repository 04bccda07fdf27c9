import { Box, Image } from '@mantine/core';
import { useState } from 'react';

/**
 * The image of an equipment entry, or nothing: a blank image, or one the browser cannot load
 * (a mistyped link), takes no room.
 */
export function EntryImage({ src, alt, width = 160, height = 120 }: { src: string | undefined; alt: string; width?: number; height?: number }) {
  const url = (src ?? '').trim();
  const [broken, setBroken] = useState<string | null>(null);
  if (url === '' || broken === url) return null;
  return (
    <Box w={{ base: '100%', xs: width }} h={height} style={{ flex: 'none' }}>
      <Image
        src={url}
        alt={alt}
        h={height}
        w="100%"
        fit="contain"
        radius="sm"
        bg="var(--mantine-color-default-hover)"
        onError={() => {
          setBroken(url);
        }}
      />
    </Box>
  );
}
