import { Image, type ImageProps } from '@mantine/core';
import builtInBadge from '@/assets/badge.svg';

interface AgencyBadgeProps extends Omit<ImageProps, 'src' | 'fallbackSrc'> {
  src?: string | null;
  alt: string;
}

/** An agency badge image; the built-in badge when none is configured or it fails to load. */
export function AgencyBadge({ src, alt, ...props }: AgencyBadgeProps) {
  return <Image src={src ?? builtInBadge} fallbackSrc={builtInBadge} alt={alt} fit="contain" {...props} />;
}

export { builtInBadge };
