import { CatalogueImage } from '@/components/CatalogueImage';

/**
 * The image of an equipment entry, or nothing: a blank image, or one the browser cannot load
 * (a mistyped link), takes no room. Full width on a phone.
 */
export function EntryImage({ src, alt, width = 160, height = 120 }: { src: string | undefined; alt: string; width?: number; height?: number }) {
  return (
    <CatalogueImage src={src} alt={alt} width={{ base: '100%', xs: width }} height={height} fit="contain" placeholder={false} />
  );
}
