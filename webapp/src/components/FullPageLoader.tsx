import { Center, Loader } from '@mantine/core';

export function FullPageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center h="100vh" aria-busy="true">
      <Loader aria-label={label} />
    </Center>
  );
}
