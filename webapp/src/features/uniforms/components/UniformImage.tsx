import { CatalogueImage } from '@/components/CatalogueImage';

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
  return <CatalogueImage src={src} alt={alt} width={width} height={height} fit="contain" placeholder={placeholder} />;
}
