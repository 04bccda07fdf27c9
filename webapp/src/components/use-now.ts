import { useInterval } from '@mantine/hooks';
import { useState } from 'react';

/**
 * The time now (ms since the epoch), renewed every `every` ms while the component is shown:
 * for running times that tick (the top bar's duty clock, who is on duty).
 */
export function useNow(every = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(
    () => {
      setNow(Date.now());
    },
    every,
    { autoInvoke: true },
  );
  return now;
}
