// A content image: <picture> with AVIF and WebP sources for raster images, a plain <img> for vector ones.
import type { BuiltImage } from "../types.ts";

interface PictureProps {
  image: BuiltImage;
  alt: string;
  className?: string;
  /** How wide the image is shown, for the browser's choice among the widths (the `sizes` attribute). */
  sizes: string;
  /** "high" for the largest image above the fold; "lazy" for images further down the page. */
  loading: "high" | "auto" | "lazy";
}

export function Picture({ image, alt, className, sizes, loading }: PictureProps) {
  const img = (
    <img
      className={className}
      src={image.url}
      srcSet={image.srcset}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      decoding="async"
      loading={loading === "lazy" ? "lazy" : undefined}
      fetchPriority={loading === "high" ? "high" : undefined}
    />
  );
  if (image.sources.length === 0) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
