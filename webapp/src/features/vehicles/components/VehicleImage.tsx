import { CatalogueImage } from '@/components/CatalogueImage';

/** A vehicle's picture, or a plain 'No image' box (also when the link does not load). */
export function VehicleImage({ src, name, height }: { src: string | undefined; name: string; height: number }) {
  return <CatalogueImage src={src} alt={name} height={height} fit="cover" placeholder />;
}
