import { Center, Image, Text } from '@mantine/core';
import { useState } from 'react';

/** A vehicle's picture, or a plain 'No image' box (also when the link does not load). */
export function VehicleImage({ src, name, height }: { src: string | undefined; name: string; height: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  const url = (src ?? '').trim();
  if (url === '' || broken === url) {
    return (
      <Center h={height} bg="var(--mantine-color-dark-6)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Text size="sm" c="dimmed">
          No image
        </Text>
      </Center>
    );
  }
  return (
    <Image
      src={url}
      alt={name}
      h={height}
      fit="cover"
      radius="sm"
      onError={() => {
        setBroken(url);
      }}
    />
  );
}
